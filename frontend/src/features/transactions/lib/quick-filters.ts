import { addDays, dayParts, endOfMonth, londonToday, makeDay, startOfMonth } from '@/lib/calendar-day'

export const QUICK_FILTERS = [
  { id: 'this-month', label: 'This Month' },
  { id: 'last-month', label: 'Last Month' },
  { id: 'last-30-days', label: 'Last 30 Days' },
  { id: 'this-year', label: 'This Year' },
] as const

export type QuickFilterId = (typeof QUICK_FILTERS)[number]['id']

export type DayRange = { startDate: string; endDate: string }

/**
 * The inclusive range of a quick filter in London days: this month and last
 * month are whole calendar months, the last 30 days end today (today and the
 * 29 days before), this year runs from 1 January to 31 December.
 */
export function quickFilterRange(id: QuickFilterId, now: Date = new Date()): DayRange {
  const today = londonToday(now)
  const { year, month } = dayParts(today)!
  switch (id) {
    case 'this-month':
      return { startDate: startOfMonth(today), endDate: endOfMonth(today) }
    case 'last-month': {
      const inLastMonth = makeDay(year, month, 0)
      return { startDate: startOfMonth(inLastMonth), endDate: inLastMonth }
    }
    case 'last-30-days':
      return { startDate: addDays(today, -29), endDate: today }
    case 'this-year':
      return { startDate: makeDay(year, 1, 1), endDate: makeDay(year, 12, 31) }
  }
}

/** The quick filter whose range is exactly the given one, if any. */
export function matchingQuickFilter(
  range: Partial<DayRange>,
  now: Date = new Date(),
): QuickFilterId | null {
  for (const { id } of QUICK_FILTERS) {
    const r = quickFilterRange(id, now)
    if (r.startDate === range.startDate && r.endDate === range.endDate) return id
  }
  return null
}
