import { describe, expect, it } from 'vitest'
import {
  addDays,
  endOfMonth,
  formatUkDay,
  isDay,
  londonToday,
  makeDay,
  parseUkDay,
  startOfMonth,
} from './calendar-day'

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

describe('British day text', () => {
  it.each([
    ['23/11/2026', '2026-11-23'],
    ['3/1/2026', '2026-01-03'],
    ['03/01/2026', '2026-01-03'],
    ['03-01-2026', '2026-01-03'],
    ['03.01.2026', '2026-01-03'],
    [' 23/11/2026 ', '2026-11-23'],
    ['29/02/2024', '2024-02-29'], // a leap year
    ['31/12/2026', '2026-12-31'],
    ['2026-11-23', '2026-11-23'], // already a day, e.g. pasted from elsewhere
  ])('reads %j as %s (day first)', (text, day) => {
    expect(parseUkDay(text)).toBe(day)
  })

  it.each([
    '',
    'yesterday',
    '31/02/2026', // no such day
    '29/02/2026', // not a leap year
    '00/01/2026',
    '15/13/2026',
    '15/00/2026',
    '11/23/2026', // American order: there is no 23rd month
    '23/11/26', // two-digit years are not guessed
    '23/11-2026', // mixed separators
    '23 11 2026',
    '123/11/2026',
    '2026-02-30',
    '2026/11/23',
  ])('refuses %j', (text) => {
    expect(parseUkDay(text)).toBeNull()
  })

  it('formats a day the British way and nothing for a non-day', () => {
    expect(formatUkDay('2026-11-23')).toBe('23/11/2026')
    expect(formatUkDay('2026-01-03')).toBe('03/01/2026')
    expect(formatUkDay('2026-02-31')).toBe('')
    expect(formatUkDay('')).toBe('')
    expect(formatUkDay('23/11/2026')).toBe('')
  })

  it('round-trips every day of a leap year', () => {
    for (let day = '2024-01-01'; day < '2025-01-01'; day = addDays(day, 1)) {
      expect(parseUkDay(formatUkDay(day))).toBe(day)
    }
  })

  it('knows which days exist', () => {
    expect(isDay('2024-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-04-31')).toBe(false)
    expect(isDay('2026-4-3')).toBe(false)
  })
})
