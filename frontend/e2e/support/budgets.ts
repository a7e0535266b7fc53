import { expect, type Locator, type Page } from '@playwright/test'

/** Page object of /budgets, with its category picker and 'Set Budget' dialog. */
export class BudgetsScreen {
  readonly heading: Locator
  readonly addBudget: Locator
  readonly finaliseMonth: Locator
  /** 'Select a Category', the first step of Add Budget. */
  readonly picker: Locator
  readonly setDialog: Locator
  readonly limit: Locator
  readonly setBudget: Locator
  readonly removeDialog: Locator
  readonly analytics: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Monthly Budgets', level: 1 })
    this.addBudget = page.getByRole('button', { name: 'Add Budget' })
    this.finaliseMonth = page.getByRole('button', { name: 'Finalise Month' })
    this.picker = page.getByRole('dialog', { name: 'Select a Category' })
    this.setDialog = page.getByRole('dialog', { name: 'Set Budget' })
    this.limit = this.setDialog.getByLabel('Monthly Limit (£)')
    this.setBudget = this.setDialog.getByRole('button', { name: 'Set Budget' })
    this.removeDialog = page.getByRole('alertdialog', { name: 'Remove Budget' })
    this.analytics = page.getByRole('link', { name: 'Analytics' })
  }

  async open() {
    await this.page.goto('/budgets')
    await expect(this.heading).toBeVisible()
  }

  /** A category's button in the picker. */
  category(name: string) {
    return this.picker.getByRole('button', { name, exact: true })
  }

  card(category: string) {
    return this.page.getByRole('group', { name: `${category} budget` })
  }

  /** 'Remaining £…' or 'Over budget by £…' on a category's card. */
  remaining(category: string) {
    return this.card(category).getByTestId('budget-remaining')
  }

  percent(category: string) {
    return this.card(category).getByTestId('budget-percent')
  }

  progress(category: string) {
    return this.card(category).getByRole('progressbar')
  }

  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  /** Types a limit into the open 'Set Budget' dialog and sends it; the dialog may refuse it. */
  async submitLimit(limit: string) {
    await this.limit.fill(limit)
    await this.setBudget.click()
  }

  async add(category: string, limit: string) {
    await this.addBudget.click()
    await this.category(category).click()
    await this.submitLimit(limit)
    await expect(this.setDialog).toBeHidden()
    await expect(this.card(category)).toBeVisible()
  }

  /** Asks to remove a category's budget: answers the confirmation, not yet answered. */
  async askToRemove(category: string) {
    await this.card(category).getByRole('button', { name: 'Remove Budget' }).click()
    return this.removeDialog
  }
}

/** Page object of /budgets/analytics. */
export class BudgetAnalyticsScreen {
  readonly heading: Locator
  readonly month: Locator
  readonly source: Locator
  readonly backToBudgets: Locator
  /** Said in place of the insights while only one month had a budget. */
  readonly trendsNote: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Budget Analytics', level: 1 })
    this.trendsNote = page.getByTestId('insight-Trends')
    this.month = page.getByLabel('Select Month')
    this.source = page.getByTestId('month-source')
    this.backToBudgets = page.getByRole('link', { name: 'Back to Budgets' })
  }

  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  breakdownRow(category: string) {
    return this.page.getByTestId('breakdown-row').filter({ hasText: category })
  }
}
