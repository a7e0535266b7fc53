import { Box, HStack, Text, useBreakpointValue } from '@chakra-ui/react'
import { CalendarClock, Repeat, Trophy, TrendingDown, TrendingUp, Wallet } from 'lucide-react'
import { lazy, useMemo, useState } from 'react'
import { ChartCard, InsightGrid, MonthCard, TileGrid } from '@/components/analytics-cards'
import { AnalyticsPage } from '@/components/analytics-page'
import { SummaryTile } from '@/components/summary-tile'
import { usePageTitle } from '@/components/use-page-title'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { RECURRING_ANALYTICS_FALLBACK_ERROR, useRecurringAnalytics } from '../api/get-recurring-analytics'
import type { FlowMonth, MonthFigure, RecurringAnalyticsRange } from '../api/types'
import {
  chronological,
  DEFAULT_RECURRING_ANALYTICS_RANGE,
  hasRecurringActivity,
  longMonthLabel,
  monthKey,
  monthOptionLabel,
  monthSource,
  RECURRING_ANALYTICS_RANGES,
  selectedMonth,
  shortMonthLabel,
  SOURCE_MEANING,
  SOURCE_NAME,
} from '../lib/analytics'
import { FlowBreakdown } from './flow-breakdown'
import { FlowIcon } from './flow-icon'
import { InsightCard } from '@/components/insight-card'
import type { ChartSeries } from './line-chart-props'
import { TemplateTrends } from './template-trends'

const RecurringLineChart = lazy(() => import('./recurring-line-chart'))

const INCOME_COLOR = '#16a34a'
const EXPENSES_COLOR = '#dc2626'
const NET_COLOR = '#2563eb'

/** Green for money gained, red for money lost (the theme's AA foregrounds). */
const signColor = (pence: number) => (pence < 0 ? 'fg.error' : 'fg.success')

function flowSeries(months: FlowMonth[]): ChartSeries[] {
  const ordered = chronological(months)
  const line = (id: string, color: string, value: (m: FlowMonth) => number): ChartSeries => ({
    id,
    color,
    data: ordered.map((m) => ({ x: shortMonthLabel(m), y: toPence(value(m)) })),
  })
  return [
    line('Income', INCOME_COLOR, (m) => m.income),
    line('Expenses', EXPENSES_COLOR, (m) => m.expenses),
    line('Net Flow', NET_COLOR, (m) => m.netFlow),
  ]
}

function MonthFigureText({ figure, empty }: { figure: MonthFigure | null | undefined; empty: string }) {
  if (!figure) return <Text fontWeight="semibold">{empty}</Text>
  const net = toPence(figure.netFlow)
  return (
    <>
      <Text fontWeight="semibold">{longMonthLabel(figure)}</Text>
      <Text fontSize="sm" color={signColor(net)}>
        Net flow {formatSignedMoney(net)}
      </Text>
    </>
  )
}

/** /recurring/analytics: what the recurring templates made over the last 3, 6, 12 or 24 months. */
export function RecurringAnalyticsPage() {
  usePageTitle('Recurring Analytics')
  const [range, setRange] = useState<RecurringAnalyticsRange>(DEFAULT_RECURRING_ANALYTICS_RANGE)
  const [chosenMonth, setChosenMonth] = useState<string | null>(null)
  const analytics = useRecurringAnalytics(range)
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false
  const loaded = analytics.data
  const months = useMemo(() => (loaded ? chronological(loaded.monthlyData).reverse() : []), [loaded])
  const month = selectedMonth(months, chosenMonth)

  return (
    <AnalyticsPage
      title="Recurring Analytics"
      subtitle="What your recurring transactions brought in and paid out"
      ranges={RECURRING_ANALYTICS_RANGES}
      range={range}
      onRangeChange={setRange}
      back={{ to: '/recurring', label: 'Back to Recurring' }}
      query={analytics}
      fallbackError={RECURRING_ANALYTICS_FALLBACK_ERROR}
      empty={{
        when: (d) => !hasRecurringActivity(d.monthlyData),
        icon: Repeat,
        title: 'No recurring activity in this period',
        text: `None of your recurring templates made a transaction in the last ${range} months. Process a template or choose a longer time range.`,
        action: { to: '/recurring', label: 'Go to Recurring' },
      }}
    >
      {(data) => (
        <>
          <TileGrid>
            <SummaryTile
              label="Total Income"
              icon={TrendingUp}
              palette="green"
              value={formatMoney(toPence(data.insights.totalIncome))}
            />
            <SummaryTile
              label="Total Expenses"
              icon={TrendingDown}
              palette="red"
              value={formatMoney(toPence(data.insights.totalExpenses))}
            />
            <SummaryTile
              label="Net Flow"
              icon={Wallet}
              palette="blue"
              color={signColor(toPence(data.insights.totalNetFlow))}
              value={formatSignedMoney(toPence(data.insights.totalNetFlow))}
            />
            <SummaryTile
              label="Active Templates"
              icon={Repeat}
              value={String(data.insights.activeRecurringTransactions)}
            />
          </TileGrid>

          <InsightGrid>
            <InsightCard title="Best Month" icon={Trophy} palette="green">
              <MonthFigureText figure={data.insights.bestMonth} empty="No recurring activity yet" />
            </InsightCard>
            <InsightCard title="Worst Month" icon={CalendarClock} palette="red">
              <MonthFigureText figure={data.insights.worstMonth} empty="No recurring activity yet" />
            </InsightCard>
            <InsightCard title="Top Category" icon={TrendingUp} palette="purple">
              {data.insights.topCategory ? (
                <HStack gap="2" mt="0.5">
                  <FlowIcon icon={data.insights.topCategory.icon} size="6" />
                  <Box minW="0">
                    <Text fontWeight="semibold" truncate>
                      {data.insights.topCategory.name}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {formatMoney(toPence(data.insights.topCategory.amount))} in the period
                    </Text>
                  </Box>
                </HStack>
              ) : (
                <Text fontWeight="semibold">No income or expenses yet</Text>
              )}
            </InsightCard>
          </InsightGrid>

          <ChartCard
            title="Monthly Cash Flow"
            keys={[
              { label: 'Income', color: INCOME_COLOR },
              { label: 'Expenses', color: EXPENSES_COLOR },
              { label: 'Net Flow', color: NET_COLOR },
            ]}
          >
            <RecurringLineChart
              series={flowSeries(data.monthlyData)}
              label="Recurring income, expenses and net flow by month"
              compact={!isDesktop}
            />
          </ChartCard>

          <TemplateTrends trends={data.templateTrends} compact={!isDesktop} />

          <MonthCard
            title="Category Breakdown"
            months={months.map((m) => ({ key: monthKey(m), label: monthOptionLabel(m) }))}
            shown={
              month
                ? {
                    key: monthKey(month),
                    source: monthSource(month.source),
                    sourceLabel: SOURCE_NAME[monthSource(month.source)],
                  }
                : undefined
            }
            onSelect={setChosenMonth}
          >
            {month ? (
              <>
                <Text fontSize="sm" color="fg.muted" px={{ base: '0', md: '2' }} data-testid="month-totals">
                  Income {formatMoney(toPence(month.income))} · Expenses {formatMoney(toPence(month.expenses))} · Net
                  flow {formatSignedMoney(toPence(month.netFlow))}
                </Text>
                <Text fontSize="xs" color="fg.muted" px={{ base: '0', md: '2' }} data-testid="source-explanation">
                  {SOURCE_NAME[monthSource(month.source)]}: {SOURCE_MEANING[monthSource(month.source)]}.
                </Text>
                <FlowBreakdown lines={month.categoryBreakdown} asTable={isDesktop} />
              </>
            ) : null}
          </MonthCard>
        </>
      )}
    </AnalyticsPage>
  )
}
