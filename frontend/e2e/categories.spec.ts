import { expect, test } from './support/test'

import { BudgetsScreen } from './support/budgets'
import { CategoriesScreen } from './support/categories'
import { signUpFreshUser, TransactionsScreen } from './support/ledger'
import { AppShell } from './support/shell'
import { shotBoth } from './support/shots'

const email = `cara.${Date.now()}@e2e.test`

test('a category made for income is offered for income only, and never for a budget', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Cara Categories', email)
  const shell = new AppShell(page)
  const categories = new CategoriesScreen(page)
  await shell.sidebarLink('Categories').click()
  await categories.addCategory.click()
  const dialog = categories.dialog
  await expect(dialog.type('Expense')).toHaveAttribute('aria-pressed', 'true')
  // The type follows a name that says income, until the user picks one.
  await dialog.name.fill('Rental income')
  await expect(dialog.type('Income')).toHaveAttribute('aria-pressed', 'true')
  await dialog.name.fill('Lodger')
  await expect(dialog.type('Expense')).toHaveAttribute('aria-pressed', 'true')
  await dialog.type('Income').click()
  await expect(dialog.root.getByText(/income categories have no budget/)).toBeVisible()
  await shotBoth(page, 'category-dialog-income')
  await dialog.add.click()
  await expect(dialog.root).toBeHidden()
  await expect(categories.card('Lodger').getByText('Income', { exact: true })).toBeVisible()
  await expect(categories.card('Groceries').getByText('Income', { exact: true })).toHaveCount(0)

  const tx = new TransactionsScreen(page)
  await shell.sidebarLink('Transactions').click()
  await tx.chooseAdd('Add Transaction')
  const add = tx.addDialog
  await expect(add.category.getByRole('option', { name: 'Groceries' })).toHaveCount(1)
  await expect(add.category.getByRole('option', { name: 'Lodger' })).toHaveCount(0)
  await add.root.getByRole('button', { name: 'Income', exact: true }).click()
  await expect(add.category.getByRole('option', { name: 'Lodger' })).toHaveCount(1)
  await expect(add.category.getByRole('option', { name: 'Groceries' })).toHaveCount(0)
  await add.cancel.click()

  const budgets = new BudgetsScreen(page)
  await shell.sidebarLink('Budgets').click()
  await budgets.addBudget.click()
  await expect(budgets.category('Groceries')).toBeVisible()
  await expect(budgets.category('Lodger')).toHaveCount(0)
  await expect(budgets.category('Salary')).toHaveCount(0)
})
