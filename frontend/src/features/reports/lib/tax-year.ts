import { londonToday } from '@/lib/calendar-day'

/** How many tax years the Tax year view offers: this one and the five before. */
export const TAX_YEAR_COUNT = 6

/** The year London's current tax year started in: 6 April is the first day of a tax year. */
export function currentTaxYear(now: Date = new Date()): number {
  const [year, month, day] = londonToday(now).split('-').map(Number)
  return month > 4 || (month === 4 && day >= 6) ? year : year - 1
}

/** '2025/26' for the tax year starting in 2025. */
export function taxYearLabel(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`
}

/** The years offered, newest first. */
export function taxYears(current: number): number[] {
  return Array.from({ length: TAX_YEAR_COUNT }, (_, i) => current - i)
}

/** The Reports screen's views; `view=` in the address. */
export type ReportView = 'calendar' | 'tax'

/** The view in the address, else the one the profile opens on. */
export function readReportView(params: URLSearchParams, preferred: ReportView | null | undefined): ReportView {
  const view = params.get('view')
  return view === 'tax' || view === 'calendar' ? view : (preferred ?? 'calendar')
}
