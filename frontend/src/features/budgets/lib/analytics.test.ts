import { describe, expect, it } from 'vitest'
import {
  chronological,
  hasBudgetData,
  latestMonthKey,
  monthKey,
  monthOptionLabel,
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

  it('labels each month snapshot or computed', () => {
    expect(monthOptionLabel(months[0]!)).toBe('June 2026 (computed)')
    expect(monthOptionLabel(months[1]!)).toBe('December 2025 (snapshot)')
    expect(monthOptionLabel(makeMonth({ source: 'other' as never }))).toBe('June 2026 (computed)')
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
