import type { Locator, Page } from '@playwright/test'

/** Page object of /dashboard. */
export class DashboardScreen {
  readonly addAccount: Locator
  readonly hideBalances: Locator
  readonly showBalances: Locator
  /** The phone's row of summary tiles. */
  readonly summaryStrip: Locator
  /** The spending chart's total line: 'Total: £…'. */
  readonly chartTotal: Locator
  /** The chart's legend, a slice an item. */
  readonly slices: Locator
  readonly pie: Locator
  /** The chart's switch to the income side. */
  readonly income: Locator
  readonly netWorth: Locator
  readonly accounts: Locator
  readonly savingsGoals: Locator
  readonly runningLowCount: Locator
  /** 'You are offline. Showing figures from …', when the figures are the device's. */
  readonly offlineNotice: Locator

  constructor(readonly page: Page) {
    this.addAccount = page.getByRole('link', { name: 'Add Account' })
    this.hideBalances = page.getByRole('button', { name: 'Hide balances' })
    this.showBalances = page.getByRole('button', { name: 'Show balances' })
    this.summaryStrip = page.getByTestId('summary-strip')
    this.chartTotal = page.getByTestId('chart-total')
    this.slices = page.getByRole('list', { name: 'Categories' }).getByRole('listitem')
    this.pie = page.getByRole('img', { name: 'Expenses by category this month' })
    this.income = page.getByRole('button', { name: 'Income', exact: true })
    this.netWorth = page.getByTestId('dashboard-net-worth')
    this.accounts = page.getByTestId('dashboard-account')
    this.savingsGoals = page.getByRole('region', { name: 'Savings Goals' })
    this.runningLowCount = page.getByTestId('running-low-count')
    this.offlineNotice = page.getByTestId('dashboard-offline-notice')
  }

  /** The names of the dashboard's figures kept on the device (IndexedDB 'myspending-offline'). */
  async keptFigures(): Promise<string[]> {
    return this.page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('myspending-offline')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('copies')) {
              db.close()
              resolve([])
              return
            }
            const keys = db.transaction('copies').objectStore('copies').getAllKeys()
            keys.onsuccess = () => {
              db.close()
              resolve((keys.result as string[]).filter((k) => k.startsWith('dashboard-')).sort())
            }
            keys.onerror = () => reject(keys.error)
          }
        }),
    )
  }

  /** A summary tile's figure: 'Total Income', 'Total Expenses', 'Net Worth', 'Transactions'. */
  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  /** A figure of the month's overview: 'balance', 'kept', 'average', 'per-day'. */
  overview(figure: 'balance' | 'kept' | 'average' | 'per-day') {
    return this.page.getByTestId(`overview-${figure}`)
  }

  /** The chart's heading: 'Spending by Category' or 'Income by Category'. */
  chartHeading(name: 'Spending by Category' | 'Income by Category') {
    return this.page.getByRole('heading', { name })
  }

  account(name: string) {
    return this.accounts.filter({ hasText: name })
  }

  viewAllAccounts(count: number) {
    return this.page.getByRole('link', { name: `View All Accounts (${count})` })
  }
}
