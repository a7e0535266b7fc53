import { londonYearMonth } from '@/lib/calendar-day'
import type { ReportPeriodParams } from '../api/types'

/** The current year and the 4 before, newest first. */
export const REPORT_YEAR_COUNT = 5

export function reportYears(currentYear: number): number[] {
  return Array.from({ length: REPORT_YEAR_COUNT }, (_, i) => currentYear - i)
}

/** The Month filter's value (and the address's `month=`) for the whole year. */
export const WHOLE_YEAR = 'all'

/**
 * The filters from the address (`?year=&month=&account=`), falling back to
 * this London month when a value is missing or out of range; `month=all` is
 * the whole year (month null).
 */
export function readReportParams(params: URLSearchParams, now: Date = new Date()): ReportPeriodParams {
  const current = londonYearMonth(now)
  const year = Number(params.get('year'))
  const rawMonth = params.get('month')
  const month = Number(rawMonth)
  return {
    year: reportYears(current.year).includes(year) ? year : current.year,
    month:
      rawMonth === WHOLE_YEAR ? null : Number.isInteger(month) && month >= 1 && month <= 12 ? month : current.month,
    accountId: params.get('account') ?? '',
  }
}
