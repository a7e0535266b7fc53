import { expect, type Locator, type Page } from '@playwright/test'

/** 'Add Recurring Transaction' or 'Add Recurring Transfer'. */
export class RecurringDialog {
  readonly root: Locator
  readonly amount: Locator
  readonly description: Locator
  readonly category: Locator
  readonly account: Locator
  readonly fromAccount: Locator
  readonly toAccount: Locator
  readonly frequency: Locator
  readonly startDate: Locator
  readonly create: Locator

  constructor(page: Page, name: 'Add Recurring Transaction' | 'Add Recurring Transfer') {
    this.root = page.getByRole('dialog', { name })
    this.amount = this.root.getByLabel('Amount')
    this.description = this.root.getByLabel('Description')
    this.category = this.root.getByLabel('Category')
    this.account = this.root.getByLabel('Account', { exact: true })
    this.fromAccount = this.root.getByLabel('From Account')
    this.toAccount = this.root.getByLabel('To Account')
    this.frequency = this.root.getByLabel('Frequency')
    this.startDate = this.root.getByRole('textbox', { name: 'Start Date' })
    this.create = this.root.getByRole('button', { name: 'Create Template' })
  }

  /** Fills a transaction template; the selects by their options' labels. Sends nothing. */
  async fillTransaction(t: { type: 'Income' | 'Expense'; amount: string; description: string; category: string; account: string }) {
    await this.root.getByRole('button', { name: t.type, exact: true }).click()
    await this.amount.fill(t.amount)
    await this.description.fill(t.description)
    await this.category.selectOption({ label: t.category })
    await this.account.selectOption({ label: t.account })
  }

  /** Fills a transfer template; the selects by their options' labels, the start as typed (dd/MM/yyyy). */
  async fillTransfer(t: { amount: string; description: string; from: string; to: string; frequency: string; start: string }) {
    await this.amount.fill(t.amount)
    await this.description.fill(t.description)
    await this.fromAccount.selectOption({ label: t.from })
    await this.toAccount.selectOption({ label: t.to })
    await this.frequency.selectOption({ label: t.frequency })
    await this.startDate.fill(t.start)
  }
}

/** Page object of /recurring. */
export class RecurringScreen {
  readonly heading: Locator
  readonly transactionDialog: RecurringDialog
  readonly transferDialog: RecurringDialog
  readonly showInactive: Locator
  readonly hideInactive: Locator
  readonly deleteDialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Recurring Transactions', level: 1 })
    this.transactionDialog = new RecurringDialog(page, 'Add Recurring Transaction')
    this.transferDialog = new RecurringDialog(page, 'Add Recurring Transfer')
    this.showInactive = page.getByRole('button', { name: 'Show Inactive' })
    this.hideInactive = page.getByRole('button', { name: 'Hide Inactive' })
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete Template' })
  }

  async open() {
    await this.page.goto('/recurring')
    await expect(this.heading).toBeVisible()
  }

  /** Picks an entry of the Add Recurring menu. */
  async chooseAdd(item: 'Add Recurring Transaction' | 'Add Recurring Transfer') {
    await this.page.getByRole('button', { name: 'Add Recurring' }).first().click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }

  card(description: string) {
    return this.page.getByRole('group', { name: `${description} template` })
  }

  /** A card's signed amount: '-£950.00'. */
  amount(description: string) {
    return this.card(description).getByTestId('template-amount')
  }

  /** A card's 'Next due dd/MM/yyyy'. */
  nextDue(description: string) {
    return this.card(description).getByTestId('template-next-due')
  }

  figure(label: string) {
    return this.page.getByTestId(`summary-${label}`)
  }

  /** A stat tile over the templates: 'Cash Flow', 'Bills & Subscriptions'… */
  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  list(title: 'Paid This Month' | 'Received This Month' | 'Upcoming This Month') {
    return this.page.getByRole('list', { name: new RegExp(`^${title}`) })
  }

  async act(description: string, action: 'Edit Template' | 'Process Now' | 'Deactivate' | 'Activate' | 'Delete Template') {
    await this.page.getByRole('button', { name: `Actions for ${description}` }).click()
    await this.page.getByRole('menuitem', { name: action }).click()
  }
}

/** Page object of /recurring/analytics. */
export class RecurringAnalyticsScreen {
  readonly heading: Locator
  readonly timeRange: Locator
  readonly month: Locator
  readonly chart: Locator
  readonly backToRecurring: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Recurring Analytics', level: 1 })
    this.timeRange = page.getByLabel('Time Range')
    this.month = page.getByLabel('Select Month')
    this.chart = page.getByRole('img', { name: 'Recurring income, expenses and net flow by month' })
    this.backToRecurring = page.getByRole('link', { name: 'Back to Recurring' })
  }

  async open() {
    await this.page.goto('/recurring/analytics')
    await expect(this.heading).toBeVisible()
  }

  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  insight(title: string) {
    return this.page.getByTestId(`insight-${title}`)
  }

  rows() {
    return this.page.getByTestId('breakdown-row')
  }

  /** The category breakdown: a table on wide screens, a list on phones. */
  breakdown(as: 'table' | 'list') {
    return this.page.getByRole(as, { name: 'Category Breakdown' })
  }

  trends() {
    return this.page.getByTestId('template-trends')
  }

  /** The trends card's template picker. */
  templatePicker() {
    return this.trends().getByRole('combobox', { name: 'Template' })
  }
}
