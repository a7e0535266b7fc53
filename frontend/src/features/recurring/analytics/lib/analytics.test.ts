import { describe, expect, it } from 'vitest'
import {
  defaultMonthKey,
  hasRecurringActivity,
  latestDataKey,
  longMonthLabel,
  monthOptionLabel,
  paddedRange,
  preselectedTemplateId,
  selectedMonth,
  selectedTemplate,
  shortMonthLabel,
  spacedLabels,
  trendSource,
  type TrendSource,
} from './analytics'
import { makeFlowMonth, makePoint, makeTrend } from './test-fixtures'

const line = { icon: 'film', name: 'Entertainment', amount: 10.99, count: 1, type: 'Expense' as const }

describe('month labels', () => {
  it('spells a month out, shortens it for the axis, and tags the option with its source', () => {
    const m = makeFlowMonth({ year: 2026, monthNumber: 11, source: 'snapshot' })
    expect(longMonthLabel(m)).toBe('November 2026')
    expect(shortMonthLabel(m)).toBe('Nov 26')
    expect(monthOptionLabel(m)).toBe('November 2026 (Finalised)')
    expect(monthOptionLabel({ ...m, source: 'whatever' as never })).toBe('November 2026 (Live)')
  })
})

describe('the breakdown month', () => {
  const may = makeFlowMonth({ monthNumber: 5, categoryBreakdown: [line] })
  const june = makeFlowMonth({ monthNumber: 6 })
  const april = makeFlowMonth({ monthNumber: 4, categoryBreakdown: [line] })

  it('defaults to the latest month with activity, else the latest month', () => {
    expect(defaultMonthKey([april, may, june])).toBe('2026-05')
    expect(defaultMonthKey([makeFlowMonth({ monthNumber: 3 }), june])).toBe('2026-06')
    expect(defaultMonthKey([])).toBeNull()
  })

  it('keeps the chosen month while it exists', () => {
    expect(selectedMonth([april, may, june], '2026-06')).toBe(june)
    expect(selectedMonth([april, may, june], '2025-01')).toBe(may)
  })

  it('counts a range as active when any month made something', () => {
    expect(hasRecurringActivity([june])).toBe(false)
    expect(hasRecurringActivity([june, april])).toBe(true)
  })
})

describe('template preselection', () => {
  const at = (monthNumber: number, source: TrendSource = 'computed') => makePoint({ monthNumber, source })

  it('takes the latest month whose source is not no-data', () => {
    const t = makeTrend({ monthlyData: [at(4, 'snapshot'), at(5), at(6, 'no-data')] })
    expect(latestDataKey(t)).toBe('2026-05')
    expect(latestDataKey(makeTrend({ monthlyData: [at(6, 'no-data')] }))).toBeNull()
  })

  it('preselects the template with the most recent data, the first of equals', () => {
    const old = makeTrend({ templateId: 'old', monthlyData: [at(4), at(5, 'no-data'), at(6, 'no-data')] })
    const recent = makeTrend({ templateId: 'recent', monthlyData: [at(4, 'no-data'), at(5, 'snapshot'), at(6, 'no-data')] })
    const tie = makeTrend({ templateId: 'tie', monthlyData: [at(5), at(6, 'no-data')] })
    expect(preselectedTemplateId([old, recent, tie])).toBe('recent')
    expect(preselectedTemplateId([old, tie, recent])).toBe('tie')
  })

  it('falls back to the first template when none has data, and to none without templates', () => {
    const a = makeTrend({ templateId: 'a', monthlyData: [at(6, 'no-data')] })
    const b = makeTrend({ templateId: 'b', monthlyData: [] })
    expect(preselectedTemplateId([a, b])).toBe('a')
    expect(preselectedTemplateId([])).toBeNull()
  })

  it('keeps the chosen template while it exists', () => {
    const a = makeTrend({ templateId: 'a', monthlyData: [at(6)] })
    const b = makeTrend({ templateId: 'b', monthlyData: [at(5)] })
    expect(selectedTemplate([a, b], 'b')).toBe(b)
    expect(selectedTemplate([a, b], 'gone')).toBe(a)
  })

  it('reads an unknown source as computed', () => {
    expect(trendSource('no-data')).toBe('no-data')
    expect(trendSource('snapshot')).toBe('snapshot')
    expect(trendSource('later')).toBe('computed')
  })
})

describe('paddedRange', () => {
  it('pads 15% of the spread either side', () => {
    expect(paddedRange([1000, 2000])).toEqual({ min: 850, max: 2150 })
  })

  it('pads equal values by 10%, at least a pound, never below zero', () => {
    expect(paddedRange([1099, 1099])).toEqual({ min: 989, max: 1209 })
    expect(paddedRange([500, 500])).toEqual({ min: 400, max: 600 })
    expect(paddedRange([50_000])).toEqual({ min: 45_000, max: 55_000 })
    expect(paddedRange([0, 1000])).toEqual({ min: 0, max: 1150 })
    expect(paddedRange([])).toEqual({ min: 0, max: 100 })
  })
})

describe('spacedLabels', () => {
  it('keeps at most max labels, always the latest', () => {
    const labels = Array.from({ length: 24 }, (_, i) => i)
    const kept = spacedLabels(labels, 6)
    expect(kept.length).toBeLessThanOrEqual(6)
    expect(kept.at(-1)).toBe(23)
    expect(spacedLabels([1, 2, 3], 12)).toEqual([1, 2, 3])
  })
})
