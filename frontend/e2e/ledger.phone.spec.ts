import { expect, test } from '@playwright/test'

import { londonDay, money, signUpFreshUser } from './support/ledger'
import { shot } from './support/shots'

const stamp = Date.now()
const email = `pip.${stamp}@e2e.test`

test('on a phone transactions are grouped by day and open their detail page', async ({ page, request, context }) => {
  await signUpFreshUser(page, request, 'Pip Phone', email)

  // Seed through the API with the session's token.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').token as string)
  const headers = { Authorization: `Bearer ${token}` }
  const account = await request.post('/api/accounts', {
    headers,
    data: { name: 'Pocket Current', type: 'current', initialBalance: '500.00' },
  })
  expect(account.ok()).toBeTruthy()
  const accountId = (await account.json()).data._id as string
  const categories = (await (await request.get('/api/categories', { headers })).json()).data as { _id: string; name: string }[]
  const categoryId = (name: string) => categories.find((c) => c.name === name)!._id
  const add = async (body: Record<string, unknown>) => {
    const res = await request.post('/api/transactions', { headers, data: { accountId, notes: '', ...body } })
    expect(res.ok()).toBeTruthy()
  }
  const older = londonDay(-3)
  await add({ amount: '12.40', type: 'expense', description: 'Lunch with Sam', categoryId: categoryId('Eating Out'), date: londonDay(0) })
  await add({ amount: '30.00', type: 'income', description: 'Refund from shop', categoryId: categoryId('Other Income'), date: londonDay(-1) })
  await add({ amount: '9.99', type: 'expense', description: 'Music stream', categoryId: categoryId('Subscriptions'), date: older, status: 'declined' })
  await add({ amount: '4.20', type: 'expense', description: 'Flat white', categoryId: categoryId('Coffee & Snacks'), date: older })

  await page.goto('/transactions')
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible()
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })
    .formatToParts(new Date(`${older}T00:00:00Z`))
  const part = (t: string) => weekday.find((p) => p.type === t)!.value
  const olderLabel = `${part('weekday')}, ${part('day')} ${part('month')}`

  await expect(page.getByRole('region', { name: 'Today' })).toContainText('Lunch with Sam')
  await expect(page.getByRole('region', { name: 'Yesterday' })).toContainText('Refund from shop')
  const olderGroup = page.getByRole('region', { name: new RegExp(`^${olderLabel}`) })
  await expect(olderGroup).toContainText('Flat white')
  // Running balances: 500 − 4.20 on the older day (the declined one counts for nothing), +30, −12.40.
  await expect(page.getByRole('region', { name: 'Today' })).toContainText(`Balance ${money(50_000 - 420 + 3_000 - 1_240)}`)
  await expect(olderGroup.getByText('Declined')).toBeVisible()
  await expect(olderGroup.getByText('Wrong or expired details')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Yesterday' })).toContainText(`+${money(3_000)}`)
  await shot(page, 'phone-transactions')

  await page.getByTestId('transaction-row').filter({ hasText: 'Lunch with Sam' }).tap()
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]+$/)
  await expect(page.getByRole('heading', { name: 'Lunch with Sam' })).toBeVisible()
  await expect(page.getByTestId('detail-amount')).toHaveText(`-${money(1_240)}`)
  await expect(page.getByText('Eating Out', { exact: true })).toBeVisible()
  await shot(page, 'phone-transaction-detail')

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Transaction actions' }).click()
  await page.getByRole('menuitem', { name: 'Copy Details' }).click()
  await expect(page.getByText('Transaction details copied to clipboard')).toBeVisible()

  await page.getByRole('button', { name: 'Transaction actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete Transaction' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Transaction' })
  await shot(page, 'phone-transaction-delete')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Transaction deleted successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/transactions$/, { timeout: 5_000 })
  await expect(page.getByRole('region', { name: 'Today' })).toHaveCount(0)
})
