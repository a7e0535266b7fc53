import { describe, expect, it } from 'vitest'
import {
  chronological,
  hasBudgetData,
  latestMonthKey,
  monthKey,
  monthOptionLabel,
  monthSource,
  onlyBudgetedMonth,
  overBudgetCount,
  selectedMonth,
  shortMonthLabel,
  spacedLabels,
  trendText,
} from './analytics'
import { makeMonth } from './test-fixtures'

const months = [
  makeMonth({ year: 2026, month: 6, monthName: 'June' }),
  makeMonth({ year: 2025, month: 12, monthName: 'December', source: 'snapshot' }),
  makeMonth({ year: 2026, month: 1, monthName: 'January', source: 'snapshot' }),
]

describe('months of the analytics', () => {
  it('has budget data only when some month had a limit', () => {
    const none = [makeMonth({ totalBudgeted: 0, netDifference: -320.5 }), makeMonth({ month: 7, totalBudgeted: 0 })]
    expect(hasBudgetData(none)).toBe(false)
    expect(hasBudgetData([])).toBe(false)
    expect(hasBudgetData([...none, makeMonth({ month: 8, totalBudgeted: 0.01 })])).toBe(true)
  })

  it('keys months so they sort in time', () => {
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03')
    expect(monthKey({ year: 2025, month: 12 })).toBe('2025-12')
  })

  it('finds the latest month', () => {
    expect(latestMonthKey(months)).toBe('2026-06')
    expect(latestMonthKey([])).toBeNull()
  })

  it('preselects the latest month and keeps a choice that exists', () => {
    expect(selectedMonth(months, null)?.monthName).toBe('June')
    expect(selectedMonth(months, '2026-01')?.monthName).toBe('January')
    expect(selectedMonth(months, '2020-01')?.monthName).toBe('June')
    expect(selectedMonth([], null)).toBeNull()
  })

  it("labels each month in a user's words: Finalised for a snapshot, Live for a computed month", () => {
    expect(monthOptionLabel(months[0]!)).toBe('June 2026 (Live)')
    expect(monthOptionLabel(months[1]!)).toBe('December 2025 (Finalised)')
    expect(monthOptionLabel(makeMonth({ source: 'other' as never }))).toBe('June 2026 (Live)')
    expect(monthSource(makeMonth({ source: 'other' as never }))).toBe('computed')
  })

  it('finds the one month with a budget, and none when there are two or none', () => {
    const unbudgeted = (month: number) => makeMonth({ month, totalBudgeted: 0 })
    const june = makeMonth({ month: 6 })
    expect(onlyBudgetedMonth([unbudgeted(4), june, unbudgeted(5)])).toBe(june)
    expect(onlyBudgetedMonth([june, makeMonth({ month: 7 })])).toBeNull()
    expect(onlyBudgetedMonth([unbudgeted(4)])).toBeNull()
    expect(onlyBudgetedMonth([])).toBeNull()
  })

  it('counts the budgeted categories that went over, leaving out those without a budget', () => {
    const line = (budgeted: number | null, status: 'good' | 'over_budget' | 'no_budget') => ({
      categoryId: `c-${budgeted}-${status}`,
      categoryName: 'x',
      categoryColor: '#000',
      budgeted,
      spent: 1,
      difference: 0,
      percentageUsed: 0,
      status,
    })
    const m = makeMonth({
      categoryBreakdown: [line(100, 'over_budget'), line(50, 'good'), line(20, 'over_budget'), line(null, 'no_budget')],
    })
    expect(overBudgetCount(m)).toEqual({ over: 2, budgeted: 3 })
    expect(overBudgetCount(makeMonth())).toEqual({ over: 0, budgeted: 0 })
  })

  it('orders months oldest first for the chart', () => {
    expect(chronological(months).map((m) => m.monthName)).toEqual(['December', 'January', 'June'])
    expect(shortMonthLabel(months[1]!)).toBe('Dec 25')
  })
})

describe('trendText', () => {
  it.each([
    [{ direction: 'increasing' as const, percentage: 12.5 }, 'Increasing by 12.5%'],
    [{ direction: 'decreasing' as const, percentage: 3 }, 'Decreasing by 3.0%'],
    [{ direction: 'stable' as const, percentage: 0 }, 'Stable'],
  ])('%j → %s', (trend, text) => expect(trendText(trend)).toBe(text))
})

describe('spacedLabels', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => i + 1)
  it.each([
    [twelve, 12, twelve],
    [twelve, 4, [3, 6, 9, 12]],
    [twelve, 5, [3, 6, 9, 12]],
    [[1, 2, 3, 4, 5, 6], 4, [2, 4, 6]],
    [[1, 2, 3], 4, [1, 2, 3]],
    [[], 4, []],
  ])('%j, at most %d → %j', (labels, max, expected) => expect(spacedLabels(labels, max)).toEqual(expected))
})
