import type { Locator, Page } from '@playwright/test'

import { MONTHS } from './ledger'

/** '15 October 2026', as the calendar names a day (en-GB), from YYYY-MM-DD. */
export function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return `${d} ${MONTHS[m! - 1]} ${y}`
}

/** The date picker's calendar of a date field ('date', 'end date'), open over the page. */
export class Calendar {
  readonly root: Locator
  /** The heading of the day view, 'November 2026' (a button to the month view). */
  readonly shownMonth: Locator
  /** The day view's column heads, Monday first. */
  readonly weekdays: Locator
  /** The day marked as today (aria-current). */
  readonly today: Locator
  readonly previousMonth: Locator

  constructor(page: Page, field: string) {
    this.root = page.getByRole('application', { name: `Calendar for ${field}` })
    this.shownMonth = this.root.getByRole('button', { name: /switch to month view/i })
    this.weekdays = this.root.locator('[data-view=day] thead th')
    this.today = this.root.locator('[aria-current=date]')
    this.previousMonth = this.root.getByRole('button', { name: /previous month/i })
  }

  /** A day's button, by its YYYY-MM-DD. */
  day(day: string) {
    return this.root.getByRole('button', { name: new RegExp(`${longDay(day)}$`) })
  }
}
