import type { Locator, Page } from '@playwright/test'

/** Page object of /reports: one month's (or the whole year's) report, chosen by year, month and account. */
export class ReportsScreen {
  readonly heading: Locator
  readonly year: Locator
  readonly month: Locator
  readonly account: Locator
  readonly expenseTable: Locator
  /** The transaction list's rows (a transfer's two legs are two rows). */
  readonly transactions: Locator
  readonly yearIncome: Locator
  readonly downloadPdf: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Financial Reports', level: 1 })
    this.year = page.getByLabel('Year', { exact: true })
    this.month = page.getByLabel('Month', { exact: true })
    this.account = page.getByLabel('Account', { exact: true })
    this.expenseTable = page.getByRole('table', { name: 'Expenses by Category' })
    this.transactions = page.getByTestId('report-transaction')
    this.yearIncome = page.getByTestId('year-income')
    this.downloadPdf = page.getByRole('button', { name: 'Download PDF' })
  }

  /** The whole year's Month by Month table. */
  monthsTable(year: number) {
    return this.page.getByRole('table', { name: `Month by month in ${year}` })
  }

  /** In the whole year's table, the link to one month's report. */
  openMonth(monthName: string, year: number) {
    return this.page.getByRole('button', { name: `Open the report of ${monthName} ${year}` })
  }

  /** A summary tile's figure: 'Total Income', 'Total Expenses', 'Net Amount', 'Total Transactions'. */
  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  /** A tile's badge: 'Surplus' or 'Deficit' on Net Amount. */
  badge(label: string) {
    return this.page.getByTestId(`tile-badge-${label}`)
  }
}
