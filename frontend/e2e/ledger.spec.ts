import { expect, test } from '@playwright/test'

import {
  AccountsScreen,
  londonDay,
  money,
  signUpFreshUser,
  TransactionsScreen,
  ukDate,
} from './support/ledger'
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
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(nav.getByRole('link', { name: 'Transactions' })).toBeVisible()
  await nav.getByRole('link', { name: 'Accounts' }).click()

  // Accounts: empty state, then a current account and a credit card.
  const accounts = new AccountsScreen(page)
  await expect(page.getByText('No accounts yet')).toBeVisible()
  await shotBoth(page, 'accounts-empty')

  await page.getByRole('button', { name: 'Add Manually' }).first().click()
  const addAccount = page.getByRole('dialog', { name: 'Add Account' })
  await addAccount.getByRole('button', { name: 'Add Account' }).click()
  await expect(addAccount.getByText('Account name is required')).toBeVisible()
  await addAccount.getByLabel('Account Type').selectOption({ label: 'Credit Card' })
  await addAccount.getByLabel('Account Name').fill('X')
  await addAccount.getByRole('button', { name: 'Add Account' }).click()
  await expect(addAccount.getByText('Account name must be at least 2 characters')).toBeVisible()
  await expect(addAccount.getByText('Credit limit is required for credit accounts')).toBeVisible()
  await shotBoth(page, 'account-dialog')
  await addAccount.getByRole('button', { name: 'Cancel' }).click()

  const currentInitial = 100_000
  const cardLimit = 200_000
  await accounts.add({ name: CURRENT, type: 'Current Account', initial: '1000' })
  await accounts.add({ name: CARD, type: 'Credit Card', initial: '0', limit: '2000' })
  await expect(accounts.card(CURRENT).getByTestId('account-balance')).toHaveText(money(currentInitial))
  await expect(accounts.card(CARD).getByText(`Limit ${money(cardLimit)}`)).toBeVisible()

  // Categories: a custom one with colour and icon.
  await nav.getByRole('link', { name: 'Categories' }).click()
  await expect(page.getByRole('heading', { name: /Default Categories \(\d+\)/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Custom Categories (0)' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Category' }).click()
  const addCategory = page.getByRole('dialog', { name: 'Add Category' })
  await addCategory.getByLabel('Category Name').fill('Hobby Stuff')
  await addCategory.getByLabel('Description').fill('Paints, brushes and canvas')
  await addCategory.getByRole('button', { name: '#9C27B0' }).click()
  await addCategory.getByRole('button', { name: 'camera' }).click()
  await expect(addCategory.getByTestId('chosen-icon')).toHaveText('camera')
  await expect(addCategory.getByRole('group', { name: 'Preview' }).getByText('Hobby Stuff')).toBeVisible()
  await shotBoth(page, 'category-dialog')
  await addCategory.getByRole('button', { name: 'Add Category' }).click()
  await expect(addCategory).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Custom Categories (1)' })).toBeVisible()
  await shotBoth(page, 'categories')

  // Transactions: income, expenses (one old enough to fall outside the last 30 days), a transfer.
  const tx = new TransactionsScreen(page)
  await nav.getByRole('link', { name: 'Transactions' }).click()
  await expect(page.getByText('No transactions found. Add your first transaction to get started!')).toBeVisible()

  await tx.chooseAdd('Add Transaction')
  const addTx = page.getByRole('dialog', { name: 'Add Transaction' })
  await addTx.getByRole('button', { name: 'Add Transaction' }).click()
  await expect(addTx.getByText('Amount is required')).toBeVisible()
  await expect(addTx.getByText('Description is required')).toBeVisible()
  await expect(addTx.getByText('Category is required')).toBeVisible()
  await expect(addTx.getByText('Account is required')).toBeVisible()
  await addTx.getByLabel('Date', { exact: true }).fill(ukDate(londonDay(1)))
  await addTx.getByLabel('Amount').fill('12.345')
  await addTx.getByRole('button', { name: 'Add Transaction' }).click()
  await expect(addTx.getByText('Date cannot be in the future')).toBeVisible()
  await expect(addTx.getByText('Amount cannot have more than 2 decimal places')).toBeVisible()
  await shotBoth(page, 'transaction-dialog')
  await addTx.getByRole('button', { name: 'Cancel' }).click()

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
  await expect(tx.row('Card repayment').getByRole('button', { name: /^Edit/ })).toHaveCount(0)
  await shotBoth(page, 'transactions')

  // Quick filter: the last 30 days leave the old bill out; Clear All brings it back.
  await tx.openFilters()
  await page.getByRole('button', { name: 'Last 30 Days' }).click()
  await expect(page).toHaveURL(new RegExp(`startDate=${londonDay(-29)}`))
  await expect(page.getByText('Active', { exact: true })).toBeVisible()
  await expect(tx.row('Old water bill')).toHaveCount(0)
  await expect(tx.rows()).toHaveCount(6)
  await shotBoth(page, 'transactions-filtered')
  // The filters survive a reload.
  await page.reload()
  await expect(tx.rows()).toHaveCount(6)
  await page.getByRole('button', { name: 'Clear All' }).click()
  await expect(tx.rows()).toHaveCount(7)

  // Search is done by the server, on description or category name.
  await tx.openFilters()
  await page.getByRole('searchbox', { name: 'Search transactions' }).fill('hobby')
  await expect(tx.rows()).toHaveCount(1)
  await expect(tx.row('Oil paints')).toBeVisible()
  await expect(page).toHaveURL(/search=hobby/)
  await page.getByRole('button', { name: 'Clear All' }).click()
  await expect(tx.rows()).toHaveCount(7)

  // Filtering by the credit card uses the credit-account listing with its figures.
  await tx.openFilters()
  await page.getByLabel('Account', { exact: true }).selectOption({ label: CARD_OPTION })
  await expect(tx.summary('Credit Limit')).toHaveText(money(cardLimit))
  await expect(tx.rows()).toHaveCount(3)
  await page.getByRole('button', { name: 'Clear All' }).click()

  // Edit the shop; delete the old bill.
  await tx.row('Weekly shop').getByRole('button', { name: 'Edit Weekly shop' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Transaction' })
  await expect(edit.getByLabel('Amount')).toHaveValue('84.37')
  await edit.getByLabel('Amount').fill('90.12')
  await edit.getByRole('button', { name: 'Update Transaction' }).click()
  await expect(edit).toBeHidden()
  await expect(tx.row('Weekly shop')).toContainText(`-${money(shopEdited)}`)

  await tx.row('Old water bill').getByRole('button', { name: 'Delete Old water bill' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Transaction' })
  await expect(confirm.getByText('Are you sure you want to delete this transaction? This action cannot be undone.')).toBeVisible()
  await shotBoth(page, 'transaction-delete')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(tx.rows()).toHaveCount(6)

  // The detail page of a purchase.
  await tx.row('Flight to Lisbon').getByRole('link', { name: 'Flight to Lisbon' }).click()
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]+$/)
  await expect(page.getByRole('heading', { name: 'Flight to Lisbon' })).toBeVisible()
  await expect(page.getByTestId('detail-amount')).toHaveText(`-${money(flight)}`)
  await expect(page.getByText('Purchase', { exact: true })).toBeVisible()
  await expect(page.getByText('Travel', { exact: true })).toBeVisible()
  await expect(page.getByText('••••')).toBeVisible()
  // Balance after: the flight was the card's first spend.
  await expect(page.getByText('Balance after transaction').locator('xpath=..')).toContainText(money(-flight))
  await shotBoth(page, 'transaction-detail')
  await page.getByRole('link', { name: 'Back to Transactions' }).click()

  // A category in use cannot be deleted; a default one in use has its delete disabled.
  await nav.getByRole('link', { name: 'Categories' }).click()
  await expect(page.getByRole('button', { name: 'Delete Groceries' })).toBeDisabled()
  await page.getByRole('button', { name: 'Delete Hobby Stuff' }).click()
  const refuse = page.getByRole('alertdialog', { name: 'Delete Category' })
  await expect(refuse.getByText('Cannot delete category. It is being used by 1 transaction(s).')).toBeVisible()
  await expect(refuse.getByRole('button', { name: 'Delete' })).toBeDisabled()
  await shotBoth(page, 'category-delete-refused')
  await refuse.getByRole('button', { name: 'Cancel' }).click()

  // The balances on /accounts are the numbers entered.
  const currentBalance = currentInitial + salary - shopEdited - repayment
  const cardBalance = -flight - paints + repayment
  await nav.getByRole('link', { name: 'Accounts' }).click()
  await expect(accounts.card(CURRENT).getByTestId('account-balance')).toHaveText(money(currentBalance))
  await expect(accounts.card(CARD).getByTestId('account-balance')).toHaveText(money(cardBalance))
  await expect(page.getByTestId('tile-Net Worth')).toHaveText(money(currentBalance + cardBalance))
  await expect(page.getByTestId('tile-Total Accounts')).toHaveText('2')
  await expect(page.getByTestId('tile-Active Accounts')).toHaveText('2')
  await expect(accounts.card(CURRENT).getByTestId('account-breakdown')).toContainText(`Initial ${money(currentInitial)}`)
  await shotBoth(page, 'accounts')

  // An account with transactions cannot be deleted.
  await accounts.card(CARD).getByRole('button', { name: `Actions for ${CARD}` }).click()
  await page.getByRole('menuitem', { name: 'Delete Account' }).click()
  const delAccount = page.getByRole('alertdialog', { name: 'Delete Account' })
  await expect(delAccount.getByText(`Are you sure you want to delete "${CARD}"?`)).toBeVisible()
  await delAccount.getByRole('button', { name: 'Delete' }).click()
  await expect(delAccount.getByText(/Cannot delete an account/)).toBeVisible()
  await delAccount.getByRole('button', { name: 'Cancel' }).click()

  // The transfer dialog from /accounts leaves the source out of the to-list.
  await page.getByRole('button', { name: 'Transfer' }).click()
  const transfer = page.getByRole('dialog', { name: 'Transfer Between Accounts' })
  await transfer.getByLabel('From Account').selectOption({ label: CURRENT_OPTION })
  await expect(transfer.getByLabel('To Account').locator('option', { hasText: CURRENT })).toHaveCount(0)
  await shotBoth(page, 'transfer-dialog')
  await transfer.getByRole('button', { name: 'Cancel' }).click()
})
