import { expect, type Page, test } from '@playwright/test'

import { londonDay, signUpFreshUser, ukDate } from './support/ledger'
import { shotBothFromTop } from './support/shots'
import { followSidebar, notice } from './support/users'

const stamp = Date.now()

/** Page object of /goals. */
class GoalsScreen {
  constructor(readonly page: Page) {}

  card(name: string) {
    return this.page.getByRole('group', { name: `${name} goal` })
  }

  async addGoal(name: string, amount: string, targetDay: string, category: string) {
    await this.page.getByRole('button', { name: /Add New Goal|Create Your First Goal/ }).first().click()
    const dialog = this.page.getByRole('dialog', { name: 'Create New Goal' })
    await dialog.getByLabel('Goal Name').fill(name)
    await dialog.getByLabel('Target Amount').fill(amount)
    await dialog.getByRole('textbox', { name: 'Target Date' }).fill(ukDate(targetDay))
    await dialog.getByLabel('Category').selectOption({ label: category })
    await dialog.getByRole('button', { name: 'Create Goal' }).click()
    await expect(dialog).toBeHidden()
  }

  async contribute(name: string, amount: string) {
    await this.card(name).getByRole('button', { name: 'Add Contribution' }).click()
    const dialog = this.page.getByRole('dialog', { name: `Add Contribution to ${name}` })
    await dialog.getByLabel('Amount').fill(amount)
    return dialog
  }
}

for (const width of [375, 1440]) {
  test(`a goal is saved for until it completes, and reopens when a contribution goes (${width}px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 })
    await signUpFreshUser(page, request, 'Gwen Goals', `gwen.${width}.${stamp}@e2e.test`)
    await followSidebar(page, 'Goals')
    await expect(page.getByRole('heading', { name: 'Financial Goals', level: 1 })).toBeVisible()
    await expect(page.getByText('No goals yet')).toBeVisible()

    const goals = new GoalsScreen(page)
    // The form's own messages first.
    await page.getByRole('button', { name: /Add New Goal|Create Your First Goal/ }).first().click()
    const form = page.getByRole('dialog', { name: 'Create New Goal' })
    await form.getByRole('button', { name: 'Create Goal' }).click()
    await expect(form.getByText('Goal name is required')).toBeVisible()
    await expect(form.getByText('Target amount is required')).toBeVisible()
    await form.getByRole('button', { name: 'Cancel' }).click()

    await goals.addGoal('New bike', '500', londonDay(30), 'Purchase')
    await expect(notice(page, 'Goal created successfully')).toBeVisible()
    const bike = goals.card('New bike')
    await expect(bike.getByTestId('goal-amounts')).toContainText('£0.00')
    await expect(bike.getByTestId('goal-amounts')).toContainText('£500.00')
    await expect(bike.getByText("Let's get started on this goal!")).toBeVisible()
    // 30 days: one per-week suggestion, rounded up (500 × 7 / 30 = 116.666…).
    await expect(bike.getByRole('list', { name: 'Savings suggestions for New bike' })).toContainText('£116.67')

    // Two contributions: the second completes it and says so before it is sent.
    let dialog = await goals.contribute('New bike', '200')
    await expect(dialog.getByTestId('preview-New total')).toHaveText(/£200\.00/)
    await dialog.getByRole('button', { name: 'Add Contribution' }).click()
    await expect(dialog).toBeHidden()
    await expect(bike.getByTestId('goal-percent')).toHaveText(/40(\.0)?%/)

    dialog = await goals.contribute('New bike', '300')
    await expect(dialog.getByTestId('preview-New progress')).toHaveText(/100(\.0)?%/)
    await expect(dialog.getByText('This contribution completes your goal!')).toBeVisible()
    await dialog.getByRole('button', { name: 'Add Contribution' }).click()
    await expect(dialog).toBeHidden()
    await expect(notice(page, 'Congratulations! Goal achieved!')).toBeVisible()
    await expect(bike.getByText('Congratulations! Goal achieved!')).toBeVisible()
    await expect(bike.getByTestId('goal-status')).toHaveText('Completed')
    await expect(bike.getByRole('button', { name: 'Add Contribution' })).toHaveCount(0)
    await page.getByRole('tab', { name: 'Completed' }).click()
    await expect(page).toHaveURL(/status=completed/)
    await expect(goals.card('New bike')).toBeVisible()
    if (width === 1440) await shotBothFromTop(page, 'goals-completed')

    // Taking away the £300 makes it active again.
    await page.getByRole('tab', { name: 'All Goals' }).click()
    await bike.getByRole('button', { name: /Contributions \(2\)/ }).click()
    const list = bike.getByRole('list', { name: 'Contributions to New bike' })
    await expect(list.getByTestId('contribution')).toHaveCount(2)
    await list.getByTestId('contribution').filter({ hasText: '£300.00' }).getByRole('button', { name: /Delete contribution/ }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Contribution' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(bike.getByTestId('goal-status')).not.toHaveText('Completed')
    await expect(bike.getByTestId('goal-percent')).toHaveText(/40(\.0)?%/)
    await expect(bike.getByRole('button', { name: 'Add Contribution' })).toBeVisible()

    // The dashboard card adds it up.
    await followSidebar(page, 'Dashboard')
    const card = page.getByRole('region', { name: 'Savings Goals' })
    await expect(card).toContainText('£200.00')
    await expect(card).toContainText('£500.00')

    // Deleting the goal asks first, in the spec's words.
    await followSidebar(page, 'Goals')
    await page.getByRole('button', { name: 'Actions for New bike' }).click()
    await page.getByRole('menuitem', { name: 'Delete Goal' }).click()
    const del = page.getByRole('alertdialog', { name: 'Delete Goal' })
    await expect(del).toContainText('Are you sure you want to delete "New bike"?')
    await expect(del).toContainText('This action cannot be undone. All contributions to this goal will also be deleted.')
    await del.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('No goals yet')).toBeVisible()
  })
}
