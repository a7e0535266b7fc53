import { describe, expect, it } from 'vitest'
import { matchingQuickFilter, type QuickFilterId, quickFilterRange } from './quick-filters'

type Case = [string, QuickFilterId, string, string]

describe('quickFilterRange (London days, inclusive)', () => {
  it.each<Case>([
    // An ordinary day in winter.
    ['2026-11-16T10:00:00Z', 'this-month', '2026-11-01', '2026-11-30'],
    ['2026-11-16T10:00:00Z', 'last-month', '2026-10-01', '2026-10-31'],
    ['2026-11-16T10:00:00Z', 'last-30-days', '2026-10-18', '2026-11-16'],
    ['2026-11-16T10:00:00Z', 'this-year', '2026-01-01', '2026-12-31'],
    // January: last month is December of last year.
    ['2026-01-10T12:00:00Z', 'last-month', '2025-12-01', '2025-12-31'],
    ['2026-03-15T12:00:00Z', 'last-month', '2026-02-01', '2026-02-28'],
    ['2024-03-15T12:00:00Z', 'last-month', '2024-02-01', '2024-02-29'],
    // BST edge: 23:30 UTC on 31 March is already 1 April in London.
    ['2026-03-31T23:30:00Z', 'this-month', '2026-04-01', '2026-04-30'],
    ['2026-03-31T23:30:00Z', 'last-month', '2026-03-01', '2026-03-31'],
    ['2026-03-31T23:30:00Z', 'last-30-days', '2026-03-03', '2026-04-01'],
    // And in UTC it is still 31 March an hour earlier.
    ['2026-03-31T22:59:00Z', 'this-month', '2026-03-01', '2026-03-31'],
    // New Year in winter: London is UTC, so 23:59 UTC is still the old year.
    ['2026-12-31T23:59:00Z', 'this-year', '2026-01-01', '2026-12-31'],
    ['2027-01-01T00:00:00Z', 'this-year', '2027-01-01', '2027-12-31'],
  ])('at %s, %s is %s to %s', (instant, id, startDate, endDate) => {
    expect(quickFilterRange(id, new Date(instant))).toEqual({ startDate, endDate })
  })
})

describe('matchingQuickFilter', () => {
  const now = new Date('2026-11-16T10:00:00Z')

  it('finds the chip whose range is set', () => {
    expect(matchingQuickFilter({ startDate: '2026-11-01', endDate: '2026-11-30' }, now)).toBe('this-month')
    expect(matchingQuickFilter({ startDate: '2026-10-18', endDate: '2026-11-16' }, now)).toBe('last-30-days')
  })

  it('finds none for another range', () => {
    expect(matchingQuickFilter({ startDate: '2026-11-02', endDate: '2026-11-30' }, now)).toBeNull()
    expect(matchingQuickFilter({}, now)).toBeNull()
  })
})
