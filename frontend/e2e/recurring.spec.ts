import { expect, test } from './support/test'

import { londonDay, sessionApi, signUpFreshUser, ukDate } from './support/ledger'
import { RecurringAnalyticsScreen, RecurringScreen } from './support/recurring'
import { shotBothFromTop } from './support/shots'
import { notice } from './support/users'

const stamp = Date.now()
const email = `rhea.${stamp}@e2e.test`

test('a recurring expense is paid by the scheduler, paused, processed by hand and deleted', async ({ page, request }) => {
  const today = londonDay(0)
  await signUpFreshUser(page, request, 'Rhea Recurring', email)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const balance = async () => {
    const { accounts } = (await api.get('/accounts')).data as { accounts: { _id: string; currentBalance: number }[] }
    return accounts.find((a) => a._id === current._id)?.currentBalance
  }
  const rainyDay = await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '0.00' })

  const screen = new RecurringScreen(page)
  await screen.open()
  await expect(page.getByRole('heading', { name: 'No recurring transactions yet' })).toBeVisible()

  // A monthly rent starting today: the form's start date is today unless changed.
  await screen.chooseAdd('Add Recurring Transaction')
  const dialog = screen.transactionDialog
  await dialog.create.click()
  await expect(dialog.root.getByText('Amount must be a number')).toBeVisible()
  await dialog.fillTransaction({
    type: 'Expense', amount: '950.00', description: 'Rent', category: 'Rent & Mortgage', account: 'Everyday Current (Current Account)',
  })
  await expect(dialog.startDate).toHaveValue(ukDate(today))
  await dialog.create.click()
  await expect(dialog.root).toBeHidden()
  await expect(notice(page, 'Recurring transaction created successfully')).toBeVisible()

  // The scheduler (every 2 s in the e2e server) pays it: it moves to Paid This Month and next due is a month on.
  await expect(screen.list('Paid This Month')).toContainText('Rent', { timeout: 20_000 })
  await expect(screen.figure('Paid This Month')).toHaveText('£950.00')
  await expect(screen.amount('Rent')).toHaveText('-£950.00')
  await expect(screen.nextDue('Rent')).not.toHaveText(`Next due ${ukDate(today)}`)
  expect(await balance()).toBe(50)
  await expect(screen.tile('Bills & Subscriptions')).toHaveText('1')

  // A salary (paid into the savings account, so the current account's balance stays the rent's story):
  // money coming in is received, never paid, and it is no bill or subscription.
  await api.post('/recurring-transactions', {
    amount: 2000, description: 'Salary', type: 'income', categoryId: api.categoryId('Salary'), accountId: rainyDay._id,
    frequency: 'monthly', startDate: today, notes: '',
  })
  await screen.open()
  await expect(screen.list('Received This Month')).toContainText('Salary', { timeout: 20_000 })
  await expect(screen.figure('Received This Month')).toHaveText('£2,000.00')
  await expect(screen.figure('Paid This Month')).toHaveText('£950.00')
  await expect(screen.list('Paid This Month')).not.toContainText('Salary')
  await expect(screen.tile('Bills & Subscriptions')).toHaveText('1')

  // A weekly transfer to savings, due next week: Process Now makes it at once.
  await screen.chooseAdd('Add Recurring Transfer')
  const transfer = screen.transferDialog
  await transfer.fillTransfer({
    amount: '20',
    description: 'Weekly savings',
    from: 'Everyday Current (Current Account)',
    to: 'Rainy Day (Savings Account)',
    frequency: 'Weekly',
    start: ukDate(londonDay(7)),
  })
  await transfer.create.click()
  await expect(transfer.root).toBeHidden()
  await expect(screen.nextDue('Weekly savings')).toHaveText(
    `Next due ${ukDate(londonDay(7))}`,
  )

  // Pause the rent: its card says so and Process Now is no longer offered for it.
  await screen.act('Rent', 'Deactivate')
  await expect(notice(page, 'Recurring transaction paused')).toBeVisible()
  await expect(screen.card('Rent')).toBeHidden()
  await screen.showInactive.click()
  await expect(screen.card('Rent')).toContainText('PAUSED')
  await expect(screen.card('Weekly savings')).toBeHidden()
  await screen.hideInactive.click()
  // A paused rent is paid no more: it is no longer counted among the bills.
  await expect(screen.tile('Bills & Subscriptions')).toHaveText('0')

  await screen.act('Weekly savings', 'Process Now')
  await expect(notice(page, 'Recurring transaction processed successfully')).toBeVisible()
  await expect(screen.nextDue('Weekly savings')).toHaveText(
    `Next due ${ukDate(londonDay(14))}`,
  )
  expect(await balance()).toBe(30)
  await shotBothFromTop(page, 'recurring')

  // The rent the scheduler made is in the transaction list, and analytics counts it.
  await page.goto('/transactions')
  await expect(page.getByRole('row', { name: /^Rent Rent & Mortgage/ })).toContainText('-£950.00')
  await page.goto('/recurring/analytics')
  await expect(new RecurringAnalyticsScreen(page).tile('Total Expenses')).toHaveText('£950.00')

  // The transfer leg it made names its template on the transaction's page.
  await page.goto('/transactions')
  await page.getByRole('link', { name: /Weekly savings/ }).first().click()
  await expect(page.getByText('Made by recurring template').locator('..')).toContainText('Weekly savings')

  // Deleting the paused rent keeps the transaction it made.
  await screen.open()
  await screen.showInactive.click()
  await screen.act('Rent', 'Delete Template')
  const confirm = screen.deleteDialog
  await expect(confirm).toContainText('Are you sure you want to delete "Rent"?')
  await confirm.getByRole('button', { name: 'Delete Template' }).click()
  await expect(notice(page, 'Recurring transaction deleted successfully')).toBeVisible()
  await expect(screen.card('Rent')).toBeHidden()
  const rentLeft = (await api.get('/transactions?search=Rent')) as { transactions: unknown[] }
  expect(rentLeft.transactions).toHaveLength(1)
})
