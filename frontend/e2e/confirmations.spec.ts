import { expect, type Page, test } from './support/test'

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
  const add = tx.addDialog
  // The dialog opens with the cursor in Amount.
  await expect(add.amount).toBeFocused()
  await add.fill({
    type: 'Expense',
    amount: '12.40',
    description: 'Notice lunch',
    category: 'Groceries',
    account: CURRENT_OPTION,
  })
  await add.submit.click()
  await expect(add.root).toBeHidden()
  await expect(notice(page, 'Transaction added successfully')).toBeVisible()
  await expect(notice(page, 'Transaction added successfully')).toHaveCount(1)
  await expect(tx.row('Notice lunch')).toBeVisible()
  await shotWithNotice(page, 'confirmations-added')

  // Edit from the table.
  await tx.editButton('Notice lunch').click()
  const edit = tx.editDialog
  await expect(edit.amount).toBeFocused()
  await edit.description.fill('Notice dinner')
  await edit.submit.click()
  await expect(edit.root).toBeHidden()
  await expect(notice(page, 'Transaction updated successfully')).toBeVisible()
  await expect(tx.row('Notice dinner')).toBeVisible()

  // Delete: the confirmation opens on Cancel, so Enter alone would not delete.
  await tx.deleteButton('Notice dinner').click()
  const confirm = tx.deleteDialog
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(notice(page, 'Transaction deleted successfully')).toBeVisible()
  await expect(tx.row('Notice dinner')).toHaveCount(0)
  await shotWithNotice(page, 'confirmations-deleted')

  // Notices go away by themselves after about 3 seconds.
  await expect(notice(page, 'Transaction deleted successfully')).toHaveCount(0, { timeout: 8_000 })
})
