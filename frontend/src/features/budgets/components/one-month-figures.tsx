import { Text } from '@chakra-ui/react'
import { ChartLine, PiggyBank, Scale, TriangleAlert, Wallet } from 'lucide-react'
import { TileGrid } from '@/components/analytics-cards'
import { InsightCard } from '@/components/insight-card'
import { SummaryTile } from '@/components/summary-tile'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { MonthlyBudget } from '../api/types'
import { ONE_MONTH_TEXT, overBudgetCount } from '../lib/analytics'

/**
 * The figures while only one month had a budget: that month's own totals, and a sentence in place
 * of best month, trend and accuracy, which need two months to compare.
 */
export function OneMonthFigures({ month }: { month: MonthlyBudget }) {
  const label = `${month.monthName} ${month.year}`
  const difference = toPence(month.netDifference)
  const { over, budgeted } = overBudgetCount(month)
  return (
    <>
      <TileGrid>
        <SummaryTile label="Budgeted" icon={Wallet} value={formatMoney(toPence(month.totalBudgeted))} caption={label} />
        <SummaryTile
          label="Spent"
          icon={PiggyBank}
          palette="orange"
          value={formatMoney(toPence(month.totalSpent))}
          caption={label}
        />
        <SummaryTile
          label="Difference"
          icon={Scale}
          palette="green"
          color={difference < 0 ? 'fg.error' : 'fg.success'}
          value={formatSignedMoney(difference)}
          caption={difference < 0 ? 'Over budget' : 'Under budget'}
        />
        <SummaryTile
          label="Over Budget"
          icon={TriangleAlert}
          palette="red"
          color={over > 0 ? 'fg.error' : undefined}
          value={`${over} of ${budgeted}`}
          caption={budgeted === 1 ? 'category' : 'categories'}
        />
      </TileGrid>

      <InsightCard title="Trends" icon={ChartLine} palette="gray">
        <Text fontWeight="semibold">{ONE_MONTH_TEXT}</Text>
        <Text fontSize="sm" color="fg.muted">
          Best month, spending trend and budget accuracy compare one month with another, so they start with your
          second month. Until then, here is how {label} went.
        </Text>
      </InsightCard>
    </>
  )
}
