import { expect, test } from './support/test'

import { BudgetsScreen } from './support/budgets'
import { CategoriesScreen } from './support/categories'
import { DashboardScreen } from './support/dashboard'
import { AccountsScreen, londonDay, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { ReportsScreen } from './support/reports'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()
const SERVER_MESSAGE = 'Something went wrong on our side. Please try again.'

test('the dashboard, the report and the list count the same transactions in a month', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Cora Count', `cora.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const savings = await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '0' })
  const today = londonDay(0)
  const entry = (amount: string, type: string, description: string, category: string, status = 'completed') =>
    api.post('/transactions', {
      amount, type, description, status, categoryId: api.categoryId(category), accountId: current._id, date: today, notes: '',
    })
  await entry('2000.00', 'income', 'Monthly salary', 'Salary')
  await entry('40.00', 'expense', 'Weekly shop', 'Groceries')
  await entry('12.00', 'expense', 'Cafe lunch', 'Eating Out')
  await entry('99.00', 'expense', 'Card declined at till', 'Groceries', 'declined')
  await api.post('/transfers', { amount: '100.00', description: 'To savings', fromAccountId: current._id, toAccountId: savings._id, date: today })

  // Three transactions: the transfer's two legs and the declined payment are not among them.
  await page.goto('/dashboard')
  await expect(new DashboardScreen(page).tile('Transactions')).toHaveText('3')

  await page.goto('/reports')
  await expect(new ReportsScreen(page).tile('Total Transactions')).toHaveText('3')

  const tx = new TransactionsScreen(page)
  await tx.open()
  await tx.openFilters()
  await tx.quickRange('This Month').click()
  await expect(tx.summary('Transactions')).toHaveText('3')
  // The list shows more rows than that, and says so.
  await expect(tx.rowsNote('6 rows incl. 2 transfer legs and 1 declined')).toBeVisible()
  await expect(tx.rows()).toHaveCount(6)

  // A declined row fades its text, never its Edit and Delete buttons.
  const declined = tx.row('Card declined at till')
  await expect(declined.locator('[data-dimmed]').first()).toBeVisible()
  await expect(declined.locator('[data-dimmed] button')).toHaveCount(0)
  await expect(tx.editButton('Card declined at till')).toBeVisible()
  await shotBothFromTop(page, 'corners-counts')
})

test('a failed load on any page shows one alert with Retry that recovers', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Fay Failure', `fay.${stamp}@e2e.test`)
  const shell = new AppShell(page)
  const pages: { path: string; api: string; heading: string }[] = [
    { path: '/accounts', api: '**/api/accounts**', heading: 'Accounts' },
    { path: '/categories', api: '**/api/categories**', heading: 'Categories' },
    { path: '/budgets/analytics', api: '**/api/budget-analytics**', heading: 'Budget Analytics' },
    { path: '/reports', api: '**/api/reports/**', heading: 'Financial Reports' },
  ]
  for (const p of pages) {
    await page.route(p.api, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'internal', message: SERVER_MESSAGE }),
      }),
    )
    await page.goto(p.path)
    await expect(shell.screenHeading(p.heading)).toBeVisible()
    const alert = shell.alerts(SERVER_MESSAGE)
    await expect(alert, p.path).toBeVisible({ timeout: 15_000 })
    await expect(shell.alerts(), `${p.path}: one alert`).toHaveCount(1)
    await page.unroute(p.api)
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expect(shell.alerts(), `${p.path}: Retry recovers`).toHaveCount(0)
  }
})

test('accounts, categories, budgets and transfers confirm each change and open on their first field', async ({
  page,
  request,
}) => {
  await signUpFreshUser(page, request, 'Nia Notice', `nia.${stamp}@e2e.test`)

  // Accounts: the dialog opens on Account Name; create and delete are confirmed.
  const accounts = new AccountsScreen(page)
  await accounts.open()
  await accounts.addManually.click()
  await expect(accounts.dialog.name).toBeFocused()
  await accounts.dialog.cancel.click()
  await accounts.add({ name: 'Spare Current', type: 'Current Account', initial: '0' })
  await accounts.add({ name: 'Main Current', type: 'Current Account', initial: '500' })
  await accounts.add({ name: 'Holiday Pot', type: 'Savings Account', initial: '0' })
  await accounts.act('Spare Current', 'Delete Account')
  const deleteAccount = accounts.deleteDialog
  await expect(deleteAccount.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await deleteAccount.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(new AppShell(page).status('Account deleted successfully')).toBeVisible()
  await expect(accounts.card('Spare Current')).toHaveCount(0)

  // Categories: opens on Category Name; create and delete are confirmed.
  const categories = new CategoriesScreen(page)
  await page.goto('/categories')
  await categories.addCategory.click()
  await expect(categories.dialog.name).toBeFocused()
  await categories.dialog.name.fill('Garden Centre')
  await categories.dialog.add.click()
  await expect(new AppShell(page).status('Category created successfully')).toBeVisible()
  await categories.deleteButton('Garden Centre').click()
  const deleteCategory = categories.deleteDialog
  await expect(deleteCategory.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await deleteCategory.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(new AppShell(page).status('Category deleted successfully')).toBeVisible()

  // Budgets: the limit has the focus; saving and removing are confirmed.
  const budgets = new BudgetsScreen(page)
  await page.goto('/budgets')
  await budgets.addBudget.click()
  await budgets.category('Groceries').click()
  await expect(budgets.limit).toBeFocused()
  await budgets.submitLimit('£1,250.50')
  await expect(new AppShell(page).status('Budget saved successfully')).toBeVisible()
  await expect(budgets.card('Groceries')).toContainText('£1,250.50')
  const remove = await budgets.askToRemove('Groceries')
  await remove.getByRole('button', { name: 'Remove Budget' }).click()
  await expect(new AppShell(page).status('Budget removed successfully')).toBeVisible()

  // Transfers: creating and deleting one are confirmed.
  const tx = new TransactionsScreen(page)
  await tx.open()
  await tx.transfer({ amount: '25', description: 'Holiday saving', from: 'Main Current (Current Account)', to: 'Holiday Pot (Savings Account)' })
  await expect(new AppShell(page).status('Transfer created successfully')).toBeVisible()
  await tx.row('Holiday saving').first().getByRole('button', { name: 'Delete Holiday saving' }).click()
  await new AppShell(page).confirm('Delete')
  await expect(new AppShell(page).status('Transfer deleted successfully')).toBeVisible()
  await expect(tx.row('Holiday saving')).toHaveCount(0)
})

test('deleting the only row of the last page moves to the new last page', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Lia Last', `lia.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  const account = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '500.00' })
  for (let i = 1; i <= 21; i++) {
    await api.post('/transactions', {
      amount: `${i}.00`, type: 'expense', description: `Shop ${String(i).padStart(2, '0')}`,
      categoryId: api.categoryId('Groceries'), accountId: account._id, date: londonDay(-i), notes: '',
    })
  }
  const tx = new TransactionsScreen(page)
  await tx.open('?page=2')
  await expect(tx.rows()).toHaveCount(1)
  await tx.deleteButton('Shop 21').click()
  await tx.deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(new AppShell(page).status('Transaction deleted successfully')).toBeVisible()
  await expect(tx.rows()).toHaveCount(20)
  await expect(page).not.toHaveURL(/page=2/)
  await expect(tx.noMatch).toHaveCount(0)
})
