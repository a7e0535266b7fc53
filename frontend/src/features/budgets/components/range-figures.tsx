import { Text, useBreakpointValue } from '@chakra-ui/react'
import { Minus, PiggyBank, Target, TrendingDown, TrendingUp, TriangleAlert, Trophy, Wallet } from 'lucide-react'
import { lazy } from 'react'
import { ChartCard, InsightGrid, TileGrid } from '@/components/analytics-cards'
import { InsightCard } from '@/components/insight-card'
import { SummaryTile } from '@/components/summary-tile'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { BudgetAnalytics } from '../api/types'
import { chronological, shortMonthLabel, trendText } from '../lib/analytics'
import { percentText } from '../lib/figures'
import type { ChartSeries } from './budget-line-chart'

const BudgetLineChart = lazy(() => import('./budget-line-chart'))

const BUDGET_COLOR = '#0d9488'
const SPENT_COLOR = '#ea580c'
const CHART_KEYS = [
  { label: 'Budgeted', color: BUDGET_COLOR },
  { label: 'Spent', color: SPENT_COLOR },
]

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

/**
 * The range's figures once two or more months had a budget: averages, accuracy, best month, most
 * overspent category, the trend and the budget-against-spending chart.
 */
export function RangeFigures({ data }: { data: BudgetAnalytics }) {
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false
  const trend = data.insights.spendingTrend.direction
  const { summary } = data
  const savings = toPence(summary.totalSavings)
  const savingsColor = savings < 0 ? 'fg.error' : 'fg.success'
  return (
    <>
      <TileGrid>
        <SummaryTile label="Average Monthly Budget" icon={Wallet} value={formatMoney(toPence(summary.avgMonthlyBudget))} />
        <SummaryTile label="Average Monthly Spent" icon={PiggyBank} palette="orange" value={formatMoney(toPence(summary.avgMonthlySpent))} />
        <SummaryTile label="Total Net Savings" icon={TrendingUp} palette="green" color={savingsColor} value={formatSignedMoney(savings)} />
        <SummaryTile label="Budget Accuracy" icon={Target} palette="blue" value={percentText(data.insights.budgetAccuracy)} />
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
          icon={trend === 'increasing' ? TrendingUp : trend === 'decreasing' ? TrendingDown : Minus}
          palette={trend === 'increasing' ? 'red' : trend === 'decreasing' ? 'green' : 'gray'}
        >
          <Text fontWeight="semibold">{trendText(data.insights.spendingTrend)}</Text>
          <Text fontSize="sm" color="fg.muted">
            First half of the period against the second
          </Text>
        </InsightCard>
      </InsightGrid>

      <ChartCard title="Budget vs Actual Spending" keys={CHART_KEYS}>
        <BudgetLineChart series={chartSeries(data)} label="Budgeted and spent by month" compact={!isDesktop} />
      </ChartCard>
    </>
  )
}
