import { Card, DataList, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { memo, useDeferredValue } from 'react'
import { londonToday } from '@/lib/calendar-day'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { useDashboardSummary } from '../api/get-dashboard-summary'
import type { DashboardSummary } from '../api/types'
import { averageSpend, keptOfIncome, MASKED_AMOUNT, monthFigures, spendPerDay } from '../lib/figures'

/**
 * Financial Overview: what the tiles above do not say, each figure meaning one thing — the
 * month's signed balance, the share of income kept, the average spend and the spending per day
 * so far. `masked` is the page's Hide toggle: the month's balance shows as dots. The answer is
 * deferred as in the summary strip (see there).
 */
export function FinancialOverview({ masked = false }: { masked?: boolean }) {
  const { data, isPending } = useDeferredValue(useDashboardSummary())
  return <Overview summary={data} loading={isPending} masked={masked} />
}

type OverviewProps = {
  /** This month's figures; undefined while loading or after an error. */
  summary: DashboardSummary | undefined
  loading: boolean
  masked: boolean
}

/** One line of the overview: its label, its figure, and what the figure counts. */
function Figure({ label, value, hint, testId, color }: { label: string; value: string; hint: string; testId: string; color?: string }) {
  return (
    <DataList.Item justifyContent="space-between" alignItems="flex-start">
      <DataList.ItemLabel flexDirection="column" alignItems="flex-start" gap="0">
        <Text as="span">{label}</Text>
        <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
          {hint}
        </Text>
      </DataList.ItemLabel>
      <DataList.ItemValue justifyContent="flex-end" fontWeight="semibold" color={color} data-testid={testId}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  )
}

const Overview = memo(function Overview({ summary, loading, masked }: OverviewProps) {
  const figures = summary ? monthFigures(summary) : undefined
  const average = figures ? averageSpend(figures) : null
  const kept = figures ? keptOfIncome(figures) : null
  const dayOfMonth = Number(londonToday().slice(8, 10))
  return (
    <Card.Root variant="outline" bg="bg" h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Financial Overview
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {loading ? (
          <Stack gap="3" role="status" aria-label="Loading overview">
            <Skeleton height="6" />
            <Skeleton height="6" />
            <Skeleton height="6" />
          </Stack>
        ) : figures ? (
          <DataList.Root orientation="horizontal" size="lg" gap="3">
            <Figure
              label="This Month's Balance"
              hint="Income minus spending"
              value={masked ? MASKED_AMOUNT : formatSignedMoney(figures.balancePence)}
              color={masked ? 'fg.muted' : figures.balancePence < 0 ? 'fg.error' : 'fg.success'}
              testId="overview-balance"
            />
            {kept !== null ? (
              <Figure label="Kept of Income" hint="Not spent this month" value={kept} testId="overview-kept" />
            ) : null}
            {average !== null ? (
              <Figure
                label="Average Spend"
                hint={`Per purchase, ${figures.expenseCount} so far`}
                value={formatMoney(average)}
                testId="overview-average"
              />
            ) : null}
            <Figure
              label="Spent per Day"
              hint={`Over ${dayOfMonth} day${dayOfMonth === 1 ? '' : 's'} this month`}
              value={formatMoney(spendPerDay(figures, dayOfMonth))}
              testId="overview-per-day"
            />
          </DataList.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
})
