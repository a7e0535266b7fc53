import { expect, test } from './support/test'

import { DashboardScreen } from './support/dashboard'
import { GoalsScreen } from './support/goals'
import { londonDay, signUpFreshUser } from './support/ledger'
import { shotBothFromTop } from './support/shots'
import { followSidebar, notice } from './support/users'

const stamp = Date.now()

for (const width of [375, 1440]) {
  test(`a goal is saved for until it completes, and reopens when a contribution goes (${width}px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 })
    await signUpFreshUser(page, request, 'Gwen Goals', `gwen.${width}.${stamp}@e2e.test`)
    const goals = new GoalsScreen(page)
    await followSidebar(page, 'Goals')
    await expect(goals.heading).toBeVisible()
    await expect(page.getByText('No goals yet')).toBeVisible()

    // The form's own messages first.
    await goals.startGoal()
    const form = goals.form
    await goals.createGoal.click()
    await expect(form.getByText('Goal name is required')).toBeVisible()
    await expect(form.getByText('Target amount is required')).toBeVisible()
    await form.getByRole('button', { name: 'Cancel' }).click()

    await goals.addGoal('New bike', '500', londonDay(30), 'Purchase')
    await expect(notice(page, 'Goal created successfully')).toBeVisible()
    const bike = goals.card('New bike')
    await expect(goals.amounts('New bike')).toContainText('£0.00')
    await expect(goals.amounts('New bike')).toContainText('£500.00')
    await expect(bike.getByText("Let's get started on this goal!")).toBeVisible()
    // 30 days: one per-week suggestion, rounded up (500 × 7 / 30 = 116.666…).
    await expect(goals.suggestions('New bike')).toContainText('£116.67')

    // Two contributions: the second completes it and says so before it is sent.
    let dialog = await goals.contribute('New bike', '200')
    await expect(dialog.preview('New total')).toHaveText(/£200\.00/)
    await dialog.add.click()
    await expect(dialog.root).toBeHidden()
    await expect(goals.percent('New bike')).toHaveText(/40(\.0)?%/)

    dialog = await goals.contribute('New bike', '300')
    await expect(dialog.preview('New progress')).toHaveText(/100(\.0)?%/)
    await expect(dialog.root.getByText('This contribution completes your goal!')).toBeVisible()
    await dialog.add.click()
    await expect(dialog.root).toBeHidden()
    await expect(notice(page, 'Congratulations! Goal achieved!')).toBeVisible()
    await expect(bike.getByText('Congratulations! Goal achieved!')).toBeVisible()
    await expect(goals.status('New bike')).toHaveText('Completed')
    await expect(goals.addContribution('New bike')).toHaveCount(0)
    await goals.tab('Completed').click()
    await expect(page).toHaveURL(/status=completed/)
    await expect(bike).toBeVisible()
    if (width === 1440) await shotBothFromTop(page, 'goals-completed')

    // Taking away the £300 makes it active again.
    await goals.tab('All Goals').click()
    await goals.contributionsToggle('New bike', 2).click()
    await expect(goals.contributions('New bike')).toHaveCount(2)
    const confirm = await goals.askToDeleteContribution('New bike', '£300.00')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(goals.status('New bike')).not.toHaveText('Completed')
    await expect(goals.percent('New bike')).toHaveText(/40(\.0)?%/)
    await expect(goals.addContribution('New bike')).toBeVisible()

    // The dashboard card adds it up.
    await followSidebar(page, 'Dashboard')
    const card = new DashboardScreen(page).savingsGoals
    await expect(card).toContainText('£200.00')
    await expect(card).toContainText('£500.00')

    // Deleting the goal asks first, in the spec's words.
    await followSidebar(page, 'Goals')
    await goals.act('New bike', 'Delete Goal')
    const del = goals.deleteGoalDialog
    await expect(del).toContainText('Are you sure you want to delete "New bike"?')
    await expect(del).toContainText('This action cannot be undone. All contributions to this goal will also be deleted.')
    await del.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('No goals yet')).toBeVisible()
  })
}
