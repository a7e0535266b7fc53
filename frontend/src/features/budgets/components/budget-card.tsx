import { Badge, Box, Card, Flex, HStack, Progress, Text } from '@chakra-ui/react'
import { Pencil, Trash2 } from 'lucide-react'
import { WriteButton } from '@/components/write-access'
import { formatMoney } from '@/lib/format'
import type { Budget } from '../api/types'
import { budgetCardFigures } from '../lib/figures'
import { budgetStatusLabel, budgetStatusPalette } from '../lib/status'
import { CategoryDot } from './category-dot'

type BudgetCardProps = {
  budget: Budget
  onEdit: () => void
  onRemove: () => void
}

/** One budget: category, status, capped progress, spent of limit, and what remains or is over. */
export function BudgetCard({ budget, onEdit, onRemove }: BudgetCardProps) {
  const f = budgetCardFigures(budget)
  const name = budget.categoryId.name
  const palette = f.over ? 'red' : budgetStatusPalette(budget.status)
  return (
    <Card.Root
      variant="outline"
      bg="bg"
      borderWidth={f.over ? '2px' : '1px'}
      borderColor={f.over ? 'border.error' : 'border'}
      data-testid="budget-card"
      data-over={f.over ? 'true' : undefined}
      aria-label={`${name} budget`}
      role="group"
    >
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Flex align="center" justify="space-between" gap="3">
          <HStack gap="2" minW="0">
            <CategoryDot color={budget.categoryId.color} />
            <Text fontWeight="semibold" truncate>
              {name}
            </Text>
          </HStack>
          <Badge colorPalette={palette} variant="subtle" flexShrink={0}>
            {budgetStatusLabel(f.over ? 'over_budget' : budget.status)}
          </Badge>
        </Flex>

        <Progress.Root
          value={f.progress}
          max={100}
          size="sm"
          colorPalette={palette}
        >
          <Progress.Track borderRadius="full" aria-label={`${name} budget used`}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>

        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Text fontSize="sm" data-testid="budget-spent">
            <Text as="span" fontWeight="semibold">
              {formatMoney(f.spentPence)}
            </Text>{' '}
            / {formatMoney(f.limitPence)}
          </Text>
          <Text fontSize="sm" fontWeight="medium" color={f.over ? 'fg.error' : 'fg.muted'} data-testid="budget-percent">
            {f.percent}
          </Text>
        </Flex>

        <Text fontSize="sm" color={f.over ? 'fg.error' : 'fg.success'} fontWeight="medium" data-testid="budget-remaining">
          {f.over
            ? `Over budget by ${formatMoney(-f.remainingPence)}`
            : `Remaining ${formatMoney(f.remainingPence)}`}
        </Text>

        <Box borderTopWidth="1px" pt="3">
          <HStack gap="2" justify="flex-end">
            <WriteButton size="xs" variant="ghost" onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Edit Budget
            </WriteButton>
            <WriteButton size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove Budget
            </WriteButton>
          </HStack>
        </Box>
      </Card.Body>
    </Card.Root>
  )
}
