import { expect, type Locator, type Page } from '@playwright/test'

import { ukDate } from './ledger'

/** The 'Add Contribution to …' dialog of a goal. */
export class ContributionDialog {
  readonly root: Locator
  readonly amount: Locator
  readonly add: Locator

  constructor(page: Page, goal: string) {
    this.root = page.getByRole('dialog', { name: `Add Contribution to ${goal}` })
    this.amount = this.root.getByLabel('Amount')
    this.add = this.root.getByRole('button', { name: 'Add Contribution' })
  }

  /** A line of the preview under the amount: 'New total', 'New progress'. */
  preview(label: string) {
    return this.root.getByTestId(`preview-${label}`)
  }
}

/** Page object of /goals. */
export class GoalsScreen {
  readonly heading: Locator
  /** 'Create New Goal'. */
  readonly form: Locator
  readonly createGoal: Locator
  readonly deleteContributionDialog: Locator
  readonly deleteGoalDialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Financial Goals', level: 1 })
    this.form = page.getByRole('dialog', { name: 'Create New Goal' })
    this.createGoal = this.form.getByRole('button', { name: 'Create Goal' })
    this.deleteContributionDialog = page.getByRole('alertdialog', { name: 'Delete Contribution' })
    this.deleteGoalDialog = page.getByRole('alertdialog', { name: 'Delete Goal' })
  }

  /** Opens 'Create New Goal' from the header or the empty state. */
  async startGoal() {
    await this.page.getByRole('button', { name: /Add New Goal|Create Your First Goal/ }).first().click()
  }

  async addGoal(name: string, amount: string, targetDay: string, category: string) {
    await this.startGoal()
    await this.form.getByLabel('Goal Name').fill(name)
    await this.form.getByLabel('Target Amount').fill(amount)
    await this.form.getByRole('textbox', { name: 'Target Date' }).fill(ukDate(targetDay))
    await this.form.getByLabel('Category').selectOption({ label: category })
    await this.createGoal.click()
    await expect(this.form).toBeHidden()
  }

  tab(name: 'All Goals' | 'Active' | 'Completed') {
    return this.page.getByRole('tab', { name })
  }

  card(name: string) {
    return this.page.getByRole('group', { name: `${name} goal` })
  }

  /** A card's saved and target amounts. */
  amounts(name: string) {
    return this.card(name).getByTestId('goal-amounts')
  }

  percent(name: string) {
    return this.card(name).getByTestId('goal-percent')
  }

  status(name: string) {
    return this.card(name).getByTestId('goal-status')
  }

  suggestions(name: string) {
    return this.card(name).getByRole('list', { name: `Savings suggestions for ${name}` })
  }

  addContribution(name: string) {
    return this.card(name).getByRole('button', { name: 'Add Contribution' })
  }

  /** Opens a goal's contribution dialog and types the amount; not yet sent. */
  async contribute(name: string, amount: string) {
    await this.addContribution(name).click()
    const dialog = new ContributionDialog(this.page, name)
    await dialog.amount.fill(amount)
    return dialog
  }

  /** The toggle that shows a card's contributions: 'Contributions (2)'. */
  contributionsToggle(name: string, count: number) {
    return this.card(name).getByRole('button', { name: new RegExp(`Contributions \\(${count}\\)`) })
  }

  contributions(name: string) {
    return this.card(name).getByRole('list', { name: `Contributions to ${name}` }).getByTestId('contribution')
  }

  /** Asks to delete a goal's contribution of an amount: answers the confirmation, not yet answered. */
  async askToDeleteContribution(name: string, amount: string) {
    await this.contributions(name).filter({ hasText: amount }).getByRole('button', { name: /Delete contribution/ }).click()
    return this.deleteContributionDialog
  }

  async act(name: string, action: 'Edit Goal' | 'Delete Goal') {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click()
    await this.page.getByRole('menuitem', { name: action }).click()
  }
}
