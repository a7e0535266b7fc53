import { dayParts, londonToday } from '@/lib/calendar-day'

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** The current year and the 4 before, newest first. */
export const REPORT_YEAR_COUNT = 5

export function reportYears(currentYear: number): number[] {
  return Array.from({ length: REPORT_YEAR_COUNT }, (_, i) => currentYear - i)
}

/** 1 → 'January'; '' outside 1 to 12. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? ''
}

/** This year and month (1 to 12) in London. */
export function londonYearMonth(now: Date = new Date()): { year: number; month: number } {
  const p = dayParts(londonToday(now))!
  return { year: p.year, month: p.month }
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
