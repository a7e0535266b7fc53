import { Box, Card, Flex, Heading, HStack, Skeleton, Text, useBreakpointValue } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { useNetWorth } from '@/lib/net-worth/get-net-worth'

const NetWorthChart = lazy(() => import('./net-worth-chart'))

/** The chart's lines, in the colours net-worth-chart.tsx draws them. */
const LINES = [
  { label: 'Net worth', color: '#0d9488' },
  { label: 'Assets', color: '#16a34a' },
  { label: 'Liabilities', color: '#dc2626' },
]

type NetWorthCardProps = {
  /** How many month ends up to this month (24 on the dashboard: two years). */
  months?: number
  /** Only this calendar year's month ends (the yearly report's). */
  year?: number
  /** Hides the figures while My Accounts' balances are hidden. */
  masked?: boolean
}

/**
 * Net worth over time: what the accounts hold less what the credit cards and loans owe, at each
 * month end, as a line chart (its nivo code loads only when there is something to draw).
 */
export function NetWorthCard({ months = 24, year, masked = false }: NetWorthCardProps) {
  const netWorth = useNetWorth(months)
  const compact = !(useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false)
  const all = netWorth.data ?? []
  const points = year === undefined ? all : all.filter((p) => p.month.startsWith(`${year}-`))
  const latest = points.at(-1)
  const label =
    year === undefined
      ? `Net worth at each month end over the last ${months} months`
      : `Net worth at each month end of ${year}`
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Flex align="baseline" justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {year === undefined ? 'Net Worth' : `Net Worth ${year}`}
          </Heading>
          {latest && !masked ? (
            <Text fontWeight="semibold" data-testid="net-worth-now">
              {formatSignedMoney(toPence(latest.netWorth))}
            </Text>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '3', md: '6' }}>
        <HStack gap="4" mb="2" fontSize="sm" wrap="wrap" aria-hidden="true">
          {LINES.map((l) => (
            <HStack key={l.label} gap="1.5">
              <Box boxSize="2.5" rounded="sm" style={{ backgroundColor: l.color }} />
              <Text>{l.label}</Text>
            </HStack>
          ))}
        </HStack>
        {netWorth.isPending ? (
          <Skeleton height={{ base: '220px', md: '280px' }} role="status" aria-label="Loading net worth" />
        ) : netWorth.isError ? (
          <Text color="fg.muted" textAlign="center" py="10">
            Net worth is not available right now.
          </Text>
        ) : masked ? (
          <Box py="10" textAlign="center" color="fg.muted">
            Hidden with your balances.
          </Box>
        ) : (
          <Suspense fallback={<Skeleton height={{ base: '220px', md: '280px' }} />}>
            <NetWorthChart points={points} label={label} compact={compact} />
          </Suspense>
        )}
      </Card.Body>
    </Card.Root>
  )
}
