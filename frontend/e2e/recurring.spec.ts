import { expect, type Page, test } from '@playwright/test'

import { londonDay, sessionApi, signUpFreshUser, ukDate } from './support/ledger'
import { shotBothFromTop } from './support/shots'
import { notice } from './support/users'

const stamp = Date.now()
const email = `rhea.${stamp}@e2e.test`

/** Page object of /recurring. */
class RecurringScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/recurring')
    await expect(this.page.getByRole('heading', { name: 'Recurring Transactions', level: 1 })).toBeVisible()
  }

  card(description: string) {
    return this.page.getByRole('group', { name: `${description} template` })
  }

  figure(label: string) {
    return this.page.getByTestId(`summary-${label}`)
  }

  list(title: 'Paid This Month' | 'Upcoming This Month') {
    return this.page.getByRole('list', { name: new RegExp(`^${title}`) })
  }

  async act(description: string, action: 'Edit Template' | 'Process Now' | 'Deactivate' | 'Activate' | 'Delete Template') {
    await this.page.getByRole('button', { name: `Actions for ${description}` }).click()
    await this.page.getByRole('menuitem', { name: action }).click()
  }
}

test('a recurring expense is paid by the scheduler, paused, processed by hand and deleted', async ({ page, request }) => {
  const today = londonDay(0)
  await signUpFreshUser(page, request, 'Rhea Recurring', email)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const balance = async () => {
    const { accounts } = (await api.get('/accounts')).data as { accounts: { _id: string; currentBalance: number }[] }
    return accounts.find((a) => a._id === current._id)?.currentBalance
  }
  await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '0.00' })

  const screen = new RecurringScreen(page)
  await screen.open()
  await expect(page.getByRole('heading', { name: 'No recurring transactions yet' })).toBeVisible()

  // A monthly rent starting today: the form's start date is today unless changed.
  await page.getByRole('button', { name: 'Add Recurring' }).click()
  await page.getByRole('menuitem', { name: 'Add Recurring Transaction' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Recurring Transaction' })
  await dialog.getByRole('button', { name: 'Create Template' }).click()
  await expect(dialog.getByText('Amount must be a number')).toBeVisible()
  await dialog.getByRole('button', { name: 'Expense', exact: true }).click()
  await dialog.getByLabel('Amount').fill('950.00')
  await dialog.getByLabel('Description').fill('Rent')
  await dialog.getByLabel('Category').selectOption({ label: 'Rent & Mortgage' })
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: 'Everyday Current (Current Account)' })
  await expect(dialog.getByRole('textbox', { name: 'Start Date' })).toHaveValue(ukDate(today))
  await dialog.getByRole('button', { name: 'Create Template' }).click()
  await expect(dialog).toBeHidden()
  await expect(notice(page, 'Recurring transaction created successfully')).toBeVisible()

  // The scheduler (every 2 s in the e2e server) pays it: it moves to Paid This Month and next due is a month on.
  await expect(screen.list('Paid This Month')).toContainText('Rent', { timeout: 20_000 })
  await expect(screen.figure('Paid This Month')).toHaveText('£950.00')
  await expect(screen.card('Rent').getByTestId('template-amount')).toHaveText('-£950.00')
  await expect(screen.card('Rent').getByTestId('template-next-due')).not.toHaveText(`Next due ${ukDate(today)}`)
  expect(await balance()).toBe(50)

  // A weekly transfer to savings, due next week: Process Now makes it at once.
  await page.getByRole('button', { name: 'Add Recurring' }).first().click()
  await page.getByRole('menuitem', { name: 'Add Recurring Transfer' }).click()
  const transfer = page.getByRole('dialog', { name: 'Add Recurring Transfer' })
  await transfer.getByLabel('Amount').fill('20')
  await transfer.getByLabel('Description').fill('Weekly savings')
  await transfer.getByLabel('From Account').selectOption({ label: 'Everyday Current (Current Account)' })
  await transfer.getByLabel('To Account').selectOption({ label: 'Rainy Day (Savings Account)' })
  await transfer.getByLabel('Frequency').selectOption({ label: 'Weekly' })
  await transfer.getByRole('textbox', { name: 'Start Date' }).fill(ukDate(londonDay(7)))
  await transfer.getByRole('button', { name: 'Create Template' }).click()
  await expect(transfer).toBeHidden()
  await expect(screen.card('Weekly savings').getByTestId('template-next-due')).toHaveText(
    `Next due ${ukDate(londonDay(7))}`,
  )

  // Pause the rent: its card says so and Process Now is no longer offered for it.
  await screen.act('Rent', 'Deactivate')
  await expect(notice(page, 'Recurring transaction paused')).toBeVisible()
  await expect(screen.card('Rent')).toBeHidden()
  await page.getByRole('button', { name: 'Show Inactive' }).click()
  await expect(screen.card('Rent')).toContainText('PAUSED')
  await expect(screen.card('Weekly savings')).toBeHidden()
  await page.getByRole('button', { name: 'Hide Inactive' }).click()

  await screen.act('Weekly savings', 'Process Now')
  await expect(notice(page, 'Recurring transaction processed successfully')).toBeVisible()
  await expect(screen.card('Weekly savings').getByTestId('template-next-due')).toHaveText(
    `Next due ${ukDate(londonDay(14))}`,
  )
  expect(await balance()).toBe(30)
  await shotBothFromTop(page, 'recurring')

  // The rent the scheduler made is in the transaction list, and analytics counts it.
  await page.goto('/transactions')
  await expect(page.getByRole('row', { name: /^Rent Rent & Mortgage/ })).toContainText('-£950.00')
  await page.goto('/recurring/analytics')
  await expect(page.getByTestId('tile-Total Expenses')).toHaveText('£950.00')

  // The transfer leg it made names its template on the transaction's page.
  await page.goto('/transactions')
  await page.getByRole('link', { name: /Weekly savings/ }).first().click()
  await expect(page.getByText('Made by recurring template').locator('..')).toContainText('Weekly savings')

  // Deleting the paused rent keeps the transaction it made.
  await screen.open()
  await page.getByRole('button', { name: 'Show Inactive' }).click()
  await screen.act('Rent', 'Delete Template')
  const confirm = page.getByRole('alertdialog', { name: 'Delete Template' })
  await expect(confirm).toContainText('Are you sure you want to delete "Rent"?')
  await confirm.getByRole('button', { name: 'Delete Template' }).click()
  await expect(notice(page, 'Recurring transaction deleted successfully')).toBeVisible()
  await expect(screen.card('Rent')).toBeHidden()
  const rentLeft = (await api.get('/transactions?search=Rent')) as { transactions: unknown[] }
  expect(rentLeft.transactions).toHaveLength(1)
})
