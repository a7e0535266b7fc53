import { describe, expect, it } from 'vitest'
import { addDays, endOfMonth, londonToday, makeDay, startOfMonth } from './calendar-day'

describe('londonToday', () => {
  it.each([
    // GMT in winter: London is UTC.
    ['2026-01-15T23:59:59Z', '2026-01-15'],
    ['2026-01-16T00:00:00Z', '2026-01-16'],
    // BST in summer: London is UTC+1, so 23:30 UTC is already the next day.
    ['2026-06-30T23:30:00Z', '2026-07-01'],
    ['2026-06-30T22:59:59Z', '2026-06-30'],
    // The clocks go forward at 01:00 UTC on 29 March 2026.
    ['2026-03-28T23:30:00Z', '2026-03-28'],
    ['2026-03-29T23:30:00Z', '2026-03-30'],
    // And back at 01:00 UTC on 25 October 2026.
    ['2026-10-24T23:30:00Z', '2026-10-25'],
    ['2026-10-25T23:30:00Z', '2026-10-25'],
    // New Year's Eve in winter stays in the old year until midnight UTC.
    ['2026-12-31T23:59:00Z', '2026-12-31'],
  ])('%s → %s', (instant, day) => {
    expect(londonToday(new Date(instant))).toBe(day)
  })
})

describe('day arithmetic', () => {
  it.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-29', 1, '2026-03-30'], // across the spring clock change
    ['2026-10-25', -29, '2026-09-26'],
  ])('%s %+d days → %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected)
  })

  it('finds the first and last day of a month', () => {
    expect(startOfMonth('2026-02-17')).toBe('2026-02-01')
    expect(endOfMonth('2026-02-17')).toBe('2026-02-28')
    expect(endOfMonth('2024-02-01')).toBe('2024-02-29')
    expect(endOfMonth('2026-12-05')).toBe('2026-12-31')
    expect(makeDay(2026, 1, 0)).toBe('2025-12-31')
  })
})
