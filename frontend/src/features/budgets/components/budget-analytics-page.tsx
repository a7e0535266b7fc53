import { Text, useBreakpointValue } from '@chakra-ui/react'
import { BarChart3 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { MonthCard } from '@/components/analytics-cards'
import { AnalyticsPage } from '@/components/analytics-page'
import { usePageTitle } from '@/components/use-page-title'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { ANALYTICS_FALLBACK_ERROR, useBudgetAnalytics } from '../api/get-budget-analytics'
import type { AnalyticsRange } from '../api/types'
import {
  ANALYTICS_RANGES,
  chronological,
  DEFAULT_ANALYTICS_RANGE,
  hasBudgetData,
  monthHasBudget,
  monthKey,
  monthOptionLabel,
  monthSource,
  onlyBudgetedMonth,
  selectedMonth,
  SOURCE_EXPLANATION,
  SOURCE_LABEL,
} from '../lib/analytics'
import { CategoryBreakdownTable } from './category-breakdown'
import { OneMonthFigures } from './one-month-figures'
import { RangeFigures } from './range-figures'

/**
 * /budgets/analytics: budget against actual over 3, 6 or 12 months. While only one month had a
 * budget there is nothing to compare, so it shows that month's figures instead of the insights.
 */
export function BudgetAnalyticsPage() {
  usePageTitle('Budget analytics')
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE)
  const [chosenMonth, setChosenMonth] = useState<string | null>(null)
  const analytics = useBudgetAnalytics(range)
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false
  const loaded = analytics.data
  const months = useMemo(() => (loaded ? [...chronological(loaded.monthlyData)].reverse() : []), [loaded])
  const month = selectedMonth(months, chosenMonth)
  const source = month ? monthSource(month) : null

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
      {(data) => {
        const only = onlyBudgetedMonth(data.monthlyData)
        return (
          <>
            {only ? <OneMonthFigures month={only} /> : <RangeFigures data={data} />}

            <MonthCard
              title="Category Breakdown"
              months={months.map((m) => ({ key: monthKey(m), label: monthOptionLabel(m) }))}
              shown={month && source ? { key: monthKey(month), source, sourceLabel: SOURCE_LABEL[source] } : undefined}
              onSelect={setChosenMonth}
            >
              {month && source ? (
                <>
                  <Text fontSize="sm" color="fg.muted" px={{ base: '0', md: '2' }} data-testid="source-explanation">
                    {SOURCE_EXPLANATION[source]}
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
        )
      }}
    </AnalyticsPage>
  )
}
