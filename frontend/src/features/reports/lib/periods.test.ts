import { describe, expect, it } from 'vitest'
import { londonYearMonth, monthName } from '@/lib/calendar-day'
import { readReportParams, reportYears } from './periods'

describe('reportYears', () => {
  it('is the current year and the 4 before, newest first', () => {
    expect(reportYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022])
  })
})

describe('monthName', () => {
  it.each([
    [1, 'January'],
    [6, 'June'],
    [12, 'December'],
    [0, ''],
    [13, ''],
  ])('%d → %s', (m, name) => expect(monthName(m)).toBe(name))
})

describe('londonYearMonth', () => {
  it('uses London: 23:30 UTC on 31 March (BST) is already April', () => {
    expect(londonYearMonth(new Date('2026-03-31T23:30:00Z'))).toEqual({ year: 2026, month: 4 })
  })

  it('uses London: New Year in winter is UTC', () => {
    expect(londonYearMonth(new Date('2025-12-31T23:30:00Z'))).toEqual({ year: 2025, month: 12 })
  })
})

describe('readReportParams', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  const read = (q: string) => readReportParams(new URLSearchParams(q), now)

  it('defaults to this month and all accounts', () => {
    expect(read('')).toEqual({ year: 2026, month: 6, accountId: '' })
  })

  it('reads month=all as the whole year', () => {
    expect(read('year=2024&month=all')).toEqual({ year: 2024, month: null, accountId: '' })
  })

  it('takes valid values from the address', () => {
    expect(read('year=2023&month=2&account=acc-1')).toEqual({ year: 2023, month: 2, accountId: 'acc-1' })
  })

  it.each(['year=2021', 'year=2027', 'year=abc'])('ignores an out-of-range year (%s)', (q) => {
    expect(read(q).year).toBe(2026)
  })

  it.each(['month=0', 'month=13', 'month=2.5', 'month=x'])('ignores an invalid month (%s)', (q) => {
    expect(read(q).month).toBe(6)
  })
})
