import { expect, test } from './support/test'

import { CategoriesScreen } from './support/categories'
import {
  AccountsScreen,
  londonDay,
  money,
  signUpFreshUser,
  TransactionScreen,
  TransactionsScreen,
  ukDate,
} from './support/ledger'
import { AppShell } from './support/shell'
import { shotBoth } from './support/shots'

const stamp = Date.now()
const email = `lena.${stamp}@e2e.test`

const CURRENT = 'Everyday Current'
const CARD = 'Travel Card'
const CURRENT_OPTION = `${CURRENT} (Current Account)`
const CARD_OPTION = `${CARD} (Credit Card)`

test('accounts, categories, transactions and transfers keep the balances right', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Lena Ledger', email)

  // The sidebar lists the ledger screens.
  const shell = new AppShell(page)
  await expect(shell.sidebarLink('Transactions')).toBeVisible()
  await shell.sidebarLink('Accounts').click()

  // Accounts: empty state, then a current account and a credit card.
  const accounts = new AccountsScreen(page)
  await expect(page.getByText('No accounts yet')).toBeVisible()
  await shotBoth(page, 'accounts-empty')

  await accounts.addManually.click()
  const addAccount = accounts.dialog
  await addAccount.add.click()
  await expect(addAccount.root.getByText('Account name is required')).toBeVisible()
  await addAccount.type.selectOption({ label: 'Credit Card' })
  await addAccount.name.fill('X')
  await addAccount.add.click()
  await expect(addAccount.root.getByText('Account name must be at least 2 characters')).toBeVisible()
  await expect(addAccount.root.getByText('Credit limit is required for credit accounts')).toBeVisible()
  await shotBoth(page, 'account-dialog')
  await addAccount.cancel.click()

  const currentInitial = 100_000
  const cardLimit = 200_000
  await accounts.add({ name: CURRENT, type: 'Current Account', initial: '1000' })
  await accounts.add({ name: CARD, type: 'Credit Card', initial: '0', limit: '2000' })
  await expect(accounts.balance(CURRENT)).toHaveText(money(currentInitial))
  await expect(accounts.card(CARD).getByText(`Limit ${money(cardLimit)}`)).toBeVisible()

  // Categories: a custom one with colour and icon.
  const categories = new CategoriesScreen(page)
  await shell.sidebarLink('Categories').click()
  await expect(categories.section(/Default Categories \(\d+\)/)).toBeVisible()
  await expect(categories.section('Custom Categories (0)')).toBeVisible()
  await categories.addCategory.click()
  const addCategory = categories.dialog
  await addCategory.name.fill('Hobby Stuff')
  await addCategory.description.fill('Paints, brushes and canvas')
  await addCategory.colour('Purple').click()
  await addCategory.icon('Camera').click()
  await expect(addCategory.chosenIcon).toHaveText('Camera')
  await expect(addCategory.preview.getByText('Hobby Stuff')).toBeVisible()
  await shotBoth(page, 'category-dialog')
  await addCategory.add.click()
  await expect(addCategory.root).toBeHidden()
  await expect(categories.section('Custom Categories (1)')).toBeVisible()
  await shotBoth(page, 'categories')

  // Transactions: income, expenses (one old enough to fall outside the last 30 days), a transfer.
  const tx = new TransactionsScreen(page)
  await shell.sidebarLink('Transactions').click()
  await expect(page.getByText('No transactions found. Add your first transaction to get started!')).toBeVisible()

  await tx.chooseAdd('Add Transaction')
  const addTx = tx.addDialog
  await addTx.submit.click()
  await expect(addTx.root.getByText('Amount is required')).toBeVisible()
  await expect(addTx.root.getByText('Description is required')).toBeVisible()
  await expect(addTx.root.getByText('Category is required')).toBeVisible()
  await expect(addTx.root.getByText('Account is required')).toBeVisible()
  await addTx.date.fill(ukDate(londonDay(1)))
  await addTx.amount.fill('12.345')
  await addTx.submit.click()
  await expect(addTx.root.getByText('Date cannot be in the future')).toBeVisible()
  await expect(addTx.root.getByText('Amount cannot have more than 2 decimal places')).toBeVisible()
  await shotBoth(page, 'transaction-dialog')
  await addTx.cancel.click()

  const salary = 250_000
  const shop = 8_437
  const shopEdited = 9_012
  const flight = 21_550
  const paints = 2_399
  const oldBill = 4_500
  const repayment = 30_000

  await tx.add({ type: 'Income', amount: '2500.00', description: 'Monthly salary', category: 'Salary', account: CURRENT_OPTION })
  await tx.add({ type: 'Expense', amount: '84.37', description: 'Weekly shop', category: 'Groceries', account: CURRENT_OPTION, notes: 'Big shop' })
  await tx.add({ type: 'Expense', amount: '215.50', description: 'Flight to Lisbon', category: 'Travel', account: CARD_OPTION })
  await tx.add({ type: 'Expense', amount: '23.99', description: 'Oil paints', category: 'Hobby Stuff', account: CARD_OPTION })
  await tx.add({ type: 'Expense', amount: '45', description: 'Old water bill', category: 'Bills & Utilities', account: CURRENT_OPTION, date: ukDate(londonDay(-45)) })
  await tx.transfer({ amount: '300', description: 'Card repayment', from: CURRENT_OPTION, to: CARD_OPTION })

  await expect(tx.rows()).toHaveCount(7) // five transactions and both legs of the transfer
  await expect(tx.summary('Total Income')).toHaveText(money(salary))
  await expect(tx.summary('Total Expenses')).toHaveText(money(shop + flight + paints + oldBill))
  // Five transactions; the transfer's legs are listed but not counted (docs/decisions.md).
  await expect(tx.summary('Transactions')).toHaveText('5')
  await expect(page.getByText('7 rows incl. 2 transfer legs')).toBeVisible()
  // Each leg of the transfer opens the whole transfer to edit (transfers.spec.ts edits one).
  await expect(tx.row('Card repayment').getByRole('button', { name: 'Edit Card repayment' })).toHaveCount(2)
  await shotBoth(page, 'transactions')

  // Quick filter: the last 30 days leave the old bill out; Clear All brings it back.
  await tx.openFilters()
  await tx.quickRange('Last 30 Days').click()
  await expect(page).toHaveURL(new RegExp(`startDate=${londonDay(-29)}`))
  await expect(page.getByText('Active', { exact: true })).toBeVisible()
  await expect(tx.row('Old water bill')).toHaveCount(0)
  await expect(tx.rows()).toHaveCount(6)
  await shotBoth(page, 'transactions-filtered')
  // The filters survive a reload.
  await page.reload()
  await expect(tx.rows()).toHaveCount(6)
  await tx.clearAll.click()
  await expect(tx.rows()).toHaveCount(7)

  // Search is done by the server, on description or category name.
  await tx.openFilters()
  await tx.search.fill('hobby')
  await expect(tx.rows()).toHaveCount(1)
  await expect(tx.row('Oil paints')).toBeVisible()
  await expect(page).toHaveURL(/search=hobby/)
  await tx.clearAll.click()
  await expect(tx.rows()).toHaveCount(7)

  // Filtering by the credit card uses the credit-account listing with its figures.
  await tx.openFilters()
  await tx.accountFilter.selectOption({ label: CARD_OPTION })
  await expect(tx.summary('Credit Limit')).toHaveText(money(cardLimit))
  await expect(tx.rows()).toHaveCount(3)
  await tx.clearAll.click()

  // Edit the shop; delete the old bill.
  await tx.editButton('Weekly shop').click()
  const edit = tx.editDialog
  await expect(edit.amount).toHaveValue('84.37')
  await edit.amount.fill('90.12')
  await edit.submit.click()
  await expect(edit.root).toBeHidden()
  await expect(tx.row('Weekly shop')).toContainText(`-${money(shopEdited)}`)

  await tx.deleteButton('Old water bill').click()
  const confirm = tx.deleteDialog
  await expect(confirm.getByText('Are you sure you want to delete this transaction? This action cannot be undone.')).toBeVisible()
  await shotBoth(page, 'transaction-delete')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(tx.rows()).toHaveCount(6)

  // The detail page of a purchase.
  const detail = new TransactionScreen(page)
  await tx.link('Flight to Lisbon').click()
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]+$/)
  await expect(detail.heading('Flight to Lisbon')).toBeVisible()
  await expect(detail.amount).toHaveText(`-${money(flight)}`)
  await expect(page.getByText('Purchase', { exact: true })).toBeVisible()
  await expect(page.getByText('Travel', { exact: true })).toBeVisible()
  await expect(page.getByText('••••')).toBeVisible()
  // Balance after: the flight was the card's first spend.
  await expect(page.getByText('Balance after transaction').locator('xpath=..')).toContainText(money(-flight))
  await shotBoth(page, 'transaction-detail')
  await detail.backToTransactions.click()

  // A category in use cannot be deleted; a default one in use has its delete disabled.
  await shell.sidebarLink('Categories').click()
  await expect(categories.deleteButton('Groceries')).toBeDisabled()
  await categories.deleteButton('Hobby Stuff').click()
  const refuse = categories.deleteDialog
  await expect(refuse.getByText('Cannot delete category. It is being used by 1 transaction(s).')).toBeVisible()
  await expect(refuse.getByRole('button', { name: 'Delete' })).toBeDisabled()
  await shotBoth(page, 'category-delete-refused')
  await refuse.getByRole('button', { name: 'Cancel' }).click()

  // The balances on /accounts are the numbers entered.
  const currentBalance = currentInitial + salary - shopEdited - repayment
  const cardBalance = -flight - paints + repayment
  await shell.sidebarLink('Accounts').click()
  await expect(accounts.balance(CURRENT)).toHaveText(money(currentBalance))
  await expect(accounts.balance(CARD)).toHaveText(money(cardBalance))
  await expect(accounts.tile('Net Worth')).toHaveText(money(currentBalance + cardBalance))
  await expect(accounts.tile('Total Accounts')).toHaveText('2')
  await expect(accounts.tile('Active Accounts')).toHaveText('2')
  await expect(accounts.breakdown(CURRENT)).toContainText(`Initial ${money(currentInitial)}`)
  await shotBoth(page, 'accounts')

  // An account with transactions cannot be deleted.
  await accounts.act(CARD, 'Delete Account')
  const delAccount = accounts.deleteDialog
  await expect(delAccount.getByText(`Are you sure you want to delete "${CARD}"?`)).toBeVisible()
  await delAccount.getByRole('button', { name: 'Delete' }).click()
  await expect(delAccount.getByText(/Cannot delete an account/)).toBeVisible()
  await delAccount.getByRole('button', { name: 'Cancel' }).click()

  // The transfer dialog from /accounts leaves the source out of the to-list.
  await accounts.transfer.click()
  const transfer = tx.transferDialog
  await transfer.from.selectOption({ label: CURRENT_OPTION })
  await expect(transfer.to.locator('option', { hasText: CURRENT })).toHaveCount(0)
  await shotBoth(page, 'transfer-dialog')
  await transfer.cancel.click()
})
