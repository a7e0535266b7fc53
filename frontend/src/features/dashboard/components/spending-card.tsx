import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  Card,
  Flex,
  Heading,
  HStack,
  Skeleton,
  SkeletonCircle,
  Stack,
  Text,
} from '@chakra-ui/react'
import { PieChart } from 'lucide-react'
import { memo, useDeferredValue } from 'react'
import { formatMoney } from '@/lib/format'
import { useChartData } from '../api/get-chart-data'
import type { ChartType } from '../api/types'
import { pieSlices } from '../lib/figures'
import SpendingPie from './spending-pie'

const TYPES: { value: ChartType; label: string }[] = [
  { value: 'expense', label: 'Expenses' },
  { value: 'income', label: 'Income' },
]

/** The card's title follows the selector; expenses keep the spec's name, Spending by Category. */
const CHART_TITLES: Record<ChartType, string> = {
  expense: 'Spending by Category',
  income: 'Income by Category',
}

function ChartSkeleton() {
  return (
    <Stack gap="4" align="center" py="4" role="status" aria-label="Loading spending data">
      <SkeletonCircle size={{ base: '44', md: '56' }} />
      <Skeleton height="4" width="60%" />
      <Skeleton height="4" width="40%" />
    </Stack>
  )
}

type SpendingCardProps = {
  /** Chosen on the card, kept by the page, whose load alert also reads this type's query. */
  type: ChartType
  onTypeChange: (type: ChartType) => void
}

/**
 * Spending (or Income) by Category: the month's totals per category as a doughnut. The title
 * and the selector follow a click at once; the figures are deferred as in the summary strip.
 */
export function SpendingCard({ type, onTypeChange: setType }: SpendingCardProps) {
  const shown = useDeferredValue(type)
  const chart = useDeferredValue(useChartData(shown))
  return (
    <Card.Root variant="outline" bg="bg" h="full">
      <Card.Header>
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {CHART_TITLES[type]}
          </Heading>
          <ButtonGroup size="xs" variant="outline" attached role="group" aria-label="Chart type">
            {TYPES.map((t) => (
              <Button
                key={t.value}
                aria-pressed={type === t.value}
                variant={type === t.value ? 'solid' : 'outline'}
                colorPalette="teal"
                onClick={() => setType(t.value)}
              >
                {t.label}
              </Button>
            ))}
          </ButtonGroup>
        </Flex>
        <ChartTotal type={shown} chart={chart} />
      </Card.Header>
      <Card.Body pt="2">
        <ChartBody type={shown} chart={chart} />
      </Card.Body>
    </Card.Root>
  )
}

type ChartProps = { type: ChartType; chart: ReturnType<typeof useChartData> }

const ChartTotal = memo(function ChartTotal({ type, chart }: ChartProps) {
  const { slices, totalPence } = pieSlices(chart.data ?? [])
  return chart.isSuccess && slices.length > 0 ? (
    <Box>
      <Badge colorPalette={type === 'expense' ? 'red' : 'green'} size="md" data-testid="chart-total">
        Total: {formatMoney(totalPence)}
      </Badge>
    </Box>
  ) : null
})

const ChartBody = memo(function ChartBody({ type, chart }: ChartProps) {
  const { slices } = pieSlices(chart.data ?? [])
  return chart.isPending ? (
    <ChartSkeleton />
  ) : chart.isError ? (
    <Text color="fg.muted" textAlign="center" py="8">
      Spending data is not available right now.
    </Text>
  ) : slices.length === 0 ? (
    <Stack align="center" textAlign="center" gap="2" py="8" color="fg.muted">
      <PieChart size={40} aria-hidden="true" />
      <Text fontWeight="medium" color="fg">
        No {type} data available
      </Text>
      <Text fontSize="sm">Add some {type} transactions to see the breakdown</Text>
    </Stack>
  ) : (
    <Stack gap="4">
      <SpendingPie slices={slices} label={`${type === 'expense' ? 'Expenses' : 'Income'} by category this month`} />
      <Stack as="ul" gap="1.5" listStyleType="none" aria-label="Categories">
        {slices.map((s) => (
          <HStack as="li" key={s.id} gap="2" fontSize="sm">
            <Box boxSize="2.5" rounded="full" flexShrink={0} style={{ backgroundColor: s.color }} />
            <Text flex="1" truncate>
              {s.label}
            </Text>
            <Text fontWeight="medium">{formatMoney(s.value)}</Text>
            <Text color="fg.muted" w="14" textAlign="end">
              {s.percent}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  )
})
