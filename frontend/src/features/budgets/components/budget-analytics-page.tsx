import { Text, useBreakpointValue } from '@chakra-ui/react'
import {
  BarChart3,
  Minus,
  PiggyBank,
  Target,
  TrendingDown,
  TrendingUp,
  TriangleAlert,
  Trophy,
  Wallet,
} from 'lucide-react'
import { lazy, useMemo, useState } from 'react'
import { ChartCard, InsightGrid, MonthCard, TileGrid } from '@/components/analytics-cards'
import { InsightCard } from '@/components/insight-card'
import { AnalyticsPage } from '@/components/analytics-page'
import { SummaryTile } from '@/components/summary-tile'
import { usePageTitle } from '@/components/use-page-title'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { ANALYTICS_FALLBACK_ERROR, useBudgetAnalytics } from '../api/get-budget-analytics'
import type { AnalyticsRange, BudgetAnalytics } from '../api/types'
import {
  ANALYTICS_RANGES,
  chronological,
  DEFAULT_ANALYTICS_RANGE,
  hasBudgetData,
  monthHasBudget,
  monthKey,
  monthOptionLabel,
  selectedMonth,
  shortMonthLabel,
  SOURCE_EXPLANATION,
  trendText,
} from '../lib/analytics'
import { percentText } from '../lib/figures'
import type { ChartSeries } from './budget-line-chart'
import { CategoryBreakdownTable } from './category-breakdown'

const BudgetLineChart = lazy(() => import('./budget-line-chart'))

const BUDGET_COLOR = '#0d9488'
const SPENT_COLOR = '#ea580c'

function chartSeries(data: BudgetAnalytics): ChartSeries[] {
  const months = chronological(data.monthlyData)
  return [
    {
      id: 'Budgeted',
      color: BUDGET_COLOR,
      data: months.map((m) => ({ x: shortMonthLabel(m), y: toPence(m.totalBudgeted) })),
    },
    {
      id: 'Spent',
      color: SPENT_COLOR,
      data: months.map((m) => ({ x: shortMonthLabel(m), y: toPence(m.totalSpent) })),
    },
  ]
}

/** /budgets/analytics: budget against actual over 3, 6 or 12 months. */
export function BudgetAnalyticsPage() {
  usePageTitle('Budget analytics')
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE)
  const [chosenMonth, setChosenMonth] = useState<string | null>(null)
  const analytics = useBudgetAnalytics(range)
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false
  const loaded = analytics.data
  const months = useMemo(() => (loaded ? [...chronological(loaded.monthlyData)].reverse() : []), [loaded])
  const month = selectedMonth(months, chosenMonth)

  return (
    <AnalyticsPage
      title="Budget Analytics"
      subtitle="How your spending compared with your budgets"
      ranges={ANALYTICS_RANGES}
      range={range}
      onRangeChange={setRange}
      back={{ to: '/budgets', label: 'Back to Budgets' }}
      query={analytics}
      fallbackError={ANALYTICS_FALLBACK_ERROR}
      empty={{
        when: (d) => !hasBudgetData(d.monthlyData),
        icon: BarChart3,
        title: 'No budget data available',
        text: 'Set monthly budgets to compare your spending with them over time.',
        action: { to: '/budgets', label: 'Go to Budgets' },
      }}
    >
      {(data) => (
        <>
          <TileGrid>
            <SummaryTile
              label="Average Monthly Budget"
              icon={Wallet}
              value={formatMoney(toPence(data.summary.avgMonthlyBudget))}
            />
            <SummaryTile
              label="Average Monthly Spent"
              icon={PiggyBank}
              palette="orange"
              value={formatMoney(toPence(data.summary.avgMonthlySpent))}
            />
            <SummaryTile
              label="Total Net Savings"
              icon={TrendingUp}
              palette="green"
              color={toPence(data.summary.totalSavings) < 0 ? 'fg.error' : 'fg.success'}
              value={formatSignedMoney(toPence(data.summary.totalSavings))}
            />
            <SummaryTile
              label="Budget Accuracy"
              icon={Target}
              palette="blue"
              value={percentText(data.insights.budgetAccuracy)}
            />
          </TileGrid>

          <InsightGrid>
            <InsightCard title="Best Month" icon={Trophy} palette="green">
              {data.insights.bestMonth ? (
                <>
                  <Text fontWeight="semibold">{data.insights.bestMonth.month}</Text>
                  <Text fontSize="sm" color="fg.success">
                    Saved {formatMoney(toPence(data.insights.bestMonth.savings))}
                  </Text>
                </>
              ) : (
                <Text fontWeight="semibold">No savings yet</Text>
              )}
            </InsightCard>
            <InsightCard title="Most Overspent Category" icon={TriangleAlert} palette="red">
              {data.insights.mostOverspentCategory ? (
                <>
                  <Text fontWeight="semibold">{data.insights.mostOverspentCategory.name}</Text>
                  <Text fontSize="sm" color="fg.error">
                    {formatMoney(toPence(data.insights.mostOverspentCategory.totalOverspend))} over budget
                  </Text>
                </>
              ) : (
                <Text fontWeight="semibold">No overspending</Text>
              )}
            </InsightCard>
            <InsightCard
              title="Spending Trend"
              icon={
                data.insights.spendingTrend.direction === 'increasing'
                  ? TrendingUp
                  : data.insights.spendingTrend.direction === 'decreasing'
                    ? TrendingDown
                    : Minus
              }
              palette={
                data.insights.spendingTrend.direction === 'increasing'
                  ? 'red'
                  : data.insights.spendingTrend.direction === 'decreasing'
                    ? 'green'
                    : 'gray'
              }
            >
              <Text fontWeight="semibold">{trendText(data.insights.spendingTrend)}</Text>
              <Text fontSize="sm" color="fg.muted">
                First half of the period against the second
              </Text>
            </InsightCard>
          </InsightGrid>

          <ChartCard
            title="Budget vs Actual Spending"
            keys={[
              { label: 'Budgeted', color: BUDGET_COLOR },
              { label: 'Spent', color: SPENT_COLOR },
            ]}
          >
            <BudgetLineChart series={chartSeries(data)} label="Budgeted and spent by month" compact={!isDesktop} />
          </ChartCard>

          <MonthCard
            title="Category Breakdown"
            months={months.map((m) => ({ key: monthKey(m), label: monthOptionLabel(m) }))}
            shown={month ? { key: monthKey(month), source: month.source } : undefined}
            onSelect={setChosenMonth}
          >
            {month ? (
              <>
                <Text fontSize="sm" color="fg.muted" px={{ base: '0', md: '2' }} data-testid="source-explanation">
                  {SOURCE_EXPLANATION[month.source]}
                </Text>
                <Text fontSize="sm" color="fg.muted" px={{ base: '0', md: '2' }} data-testid="month-totals">
                  {monthHasBudget(month)
                    ? `Budgeted ${formatMoney(toPence(month.totalBudgeted))} · Spent ${formatMoney(toPence(month.totalSpent))} · Difference ${formatSignedMoney(toPence(month.netDifference))}`
                    : 'No budget was set for this month.'}
                </Text>
                <CategoryBreakdownTable lines={month.categoryBreakdown} asTable={isDesktop} />
              </>
            ) : null}
          </MonthCard>
        </>
      )}
    </AnalyticsPage>
  )
}
