import { expect, test } from './support/test'

import { AccountsScreen, londonDay, money, sessionApi, signUpFreshUser, TransactionsScreen, TransferDialog } from './support/ledger'
import { shotBoth } from './support/shots'

const email = `tom.${Date.now()}@e2e.test`

test('a transfer is edited as one: both legs move, and every balance follows', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Tom Transfers', email)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const savings = await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '0' })
  await api.post('/accounts', { name: 'Holiday Pot', type: 'savings', initialBalance: '0' })
  await api.post('/transfers', {
    amount: '150.00', description: 'Put aside', fromAccountId: current._id, toAccountId: savings._id, date: londonDay(-2), notes: '',
  })

  const tx = new TransactionsScreen(page)
  // A fresh load, so the dialog's account lists hold the accounts made through the API.
  await tx.open()
  // Either leg opens the whole transfer; here the incoming one (the savings row).
  await tx.editButton('Put aside').last().click()
  const edit = new TransferDialog(page, 'Edit Transfer')
  await expect(edit.amount).toHaveValue('150.00')
  await expect(edit.from).toHaveValue(current._id)
  await edit.amount.fill('200.50')
  await edit.to.selectOption({ label: 'Holiday Pot (Savings Account)' })
  await shotBoth(page, 'transfer-edit')
  await edit.update.click()
  await expect(edit.root).toBeHidden()
  await expect(page.getByText('Transfer updated successfully')).toBeVisible()
  await expect(tx.row('Put aside')).toHaveCount(2)
  await expect(tx.row('Put aside').first()).toContainText('Everyday Current → Holiday Pot')

  const accounts = new AccountsScreen(page)
  await accounts.open()
  await expect(accounts.balance('Everyday Current')).toHaveText(money(100_000 - 20_050))
  await expect(accounts.balance('Rainy Day')).toHaveText(money(0))
  await expect(accounts.balance('Holiday Pot')).toHaveText(money(20_050))
})
