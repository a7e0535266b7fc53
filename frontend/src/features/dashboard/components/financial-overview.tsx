import { Card, DataList, Heading, Skeleton, Stack } from '@chakra-ui/react'
import { memo, useDeferredValue } from 'react'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { useDashboardSummary } from '../api/get-dashboard-summary'
import type { DashboardSummary } from '../api/types'
import { averagePerTransaction, MASKED_AMOUNT, monthFigures } from '../lib/figures'

/**
 * Financial Overview: the month's signed balance, its count and the average per transaction.
 * `masked` is the page's Hide toggle: the month's balance shows as dots. The answer is deferred
 * as in the summary strip (see there).
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

const Overview = memo(function Overview({ summary, loading, masked }: OverviewProps) {
  const figures = summary ? monthFigures(summary) : undefined
  const average = figures ? averagePerTransaction(figures) : null
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
            <DataList.Item justifyContent="space-between">
              <DataList.ItemLabel>This Month&apos;s Balance</DataList.ItemLabel>
              <DataList.ItemValue
                justifyContent="flex-end"
                fontWeight="semibold"
                color={masked ? 'fg.muted' : figures.balancePence < 0 ? 'fg.error' : 'fg.success'}
                data-testid="overview-balance"
              >
                {masked ? MASKED_AMOUNT : formatSignedMoney(figures.balancePence)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item justifyContent="space-between">
              <DataList.ItemLabel>Total Transactions</DataList.ItemLabel>
              <DataList.ItemValue justifyContent="flex-end" fontWeight="semibold" data-testid="overview-count">
                {figures.count}
              </DataList.ItemValue>
            </DataList.Item>
            {average !== null ? (
              <DataList.Item justifyContent="space-between">
                <DataList.ItemLabel>Average per Transaction</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end" fontWeight="semibold" data-testid="overview-average">
                  {formatMoney(average)}
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
})
