import { expect, type Page, test } from '@playwright/test'

import { AccountsScreen, signUpFreshUser, TransactionsScreen } from './support/ledger'

const email = `nora.notice.${Date.now()}@e2e.test`
const CURRENT = 'Notice Current'
const CURRENT_OPTION = `${CURRENT} (Current Account)`
const shots = `${process.env.E2E_ARTIFACTS ?? 'test-results'}/screenshots`

/** The success notice with `text`, announced as a status. */
function notice(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text })
}

/** Screenshots the viewport (not the full page: the notice is fixed) at desktop, then phone width. */
async function shotWithNotice(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: `${shots}/${name}-1440.png` })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: `${shots}/${name}-375.png` })
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('every add, edit and delete of a transaction is confirmed by one notice', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Nora Notice', email)

  const accounts = new AccountsScreen(page)
  await accounts.open()
  await accounts.add({ name: CURRENT, type: 'Current Account', initial: '500' })
  await expect(notice(page, 'Account created successfully')).toBeVisible()

  const tx = new TransactionsScreen(page)
  await tx.open()
  await tx.chooseAdd('Add Transaction')
  const add = page.getByRole('dialog', { name: 'Add Transaction' })
  // The dialog opens with the cursor in Amount.
  await expect(add.getByLabel('Amount')).toBeFocused()
  await tx.fillTransaction(add, {
    type: 'Expense',
    amount: '12.40',
    description: 'Notice lunch',
    category: 'Groceries',
    account: CURRENT_OPTION,
  })
  await add.getByRole('button', { name: 'Add Transaction' }).click()
  await expect(add).toBeHidden()
  await expect(notice(page, 'Transaction added successfully')).toBeVisible()
  await expect(notice(page, 'Transaction added successfully')).toHaveCount(1)
  await expect(tx.row('Notice lunch')).toBeVisible()
  await shotWithNotice(page, 'confirmations-added')

  // Edit from the table.
  await tx.row('Notice lunch').getByRole('button', { name: 'Edit Notice lunch' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Transaction' })
  await expect(edit.getByLabel('Amount')).toBeFocused()
  await edit.getByLabel('Description').fill('Notice dinner')
  await edit.getByRole('button', { name: 'Update Transaction' }).click()
  await expect(edit).toBeHidden()
  await expect(notice(page, 'Transaction updated successfully')).toBeVisible()
  await expect(tx.row('Notice dinner')).toBeVisible()

  // Delete: the confirmation opens on Cancel, so Enter alone would not delete.
  await tx.row('Notice dinner').getByRole('button', { name: 'Delete Notice dinner' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Transaction' })
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(notice(page, 'Transaction deleted successfully')).toBeVisible()
  await expect(tx.row('Notice dinner')).toHaveCount(0)
  await shotWithNotice(page, 'confirmations-deleted')

  // Notices go away by themselves after about 3 seconds.
  await expect(notice(page, 'Transaction deleted successfully')).toHaveCount(0, { timeout: 8_000 })
})
