import { londonYearMonth } from '@/lib/calendar-day'

/** The current year and the 4 before, newest first. */
export const REPORT_YEAR_COUNT = 5

export function reportYears(currentYear: number): number[] {
  return Array.from({ length: REPORT_YEAR_COUNT }, (_, i) => currentYear - i)
}


/**
 * The filters from the address (`?year=&month=&account=`), falling back to
 * this London month when a value is missing or out of range.
 */
export function readReportParams(
  params: URLSearchParams,
  now: Date = new Date(),
): { year: number; month: number; accountId: string } {
  const current = londonYearMonth(now)
  const year = Number(params.get('year'))
  const month = Number(params.get('month'))
  return {
    year: reportYears(current.year).includes(year) ? year : current.year,
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : current.month,
    accountId: params.get('account') ?? '',
  }
}
