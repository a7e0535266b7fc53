import { expect, test } from './support/test'

import { londonDay, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { shotBothFromTop } from './support/shots'

const email = `erin.errors.${Date.now()}@e2e.test`
const SERVER_MESSAGE = 'Something went wrong on our side. Please try again.'
const OFFLINE = 'You appear to be offline. Check your connection and try again.'

test('a failed load says why once, Retry recovers, offline is named, and empty filters can be cleared', async ({
  page,
  context,
  request,
}) => {
  await signUpFreshUser(page, request, 'Erin Errors', email)
  const api = await sessionApi(page, request)
  const account = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  await api.post('/transactions', {
    amount: '12.40', type: 'expense', description: 'Lunch at the cafe', categoryId: api.categoryId('Groceries'),
    accountId: account._id, date: londonDay(0), notes: '',
  })

  // The list fails with the server's message: one alert, with Retry; the rest of the page stays.
  await page.route('**/api/transactions**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'internal', message: SERVER_MESSAGE }),
    }),
  )
  const tx = new TransactionsScreen(page)
  await tx.open()
  const alert = page.getByRole('alert').filter({ hasText: SERVER_MESSAGE })
  await expect(alert).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('alert')).toHaveCount(1)
  await expect(page.getByText('Internal server error')).toHaveCount(0)
  await expect(tx.filtersToggle).toBeVisible()
  await shotBothFromTop(page, 'errors-load-failed')

  // Back to normal: Retry brings the list.
  await page.unroute('**/api/transactions**')
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(tx.row('Lunch at the cafe')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Offline: new data cannot load, and the page says so rather than blaming the server.
  await context.setOffline(true)
  await tx.openFilters()
  await tx.search.fill('Lunch')
  const offline = page.getByRole('alert').filter({ hasText: OFFLINE })
  await expect(offline).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(1)
  await shotBothFromTop(page, 'errors-offline')
  await context.setOffline(false)
  await expect(offline).toBeHidden()
  await expect(tx.row('Lunch at the cafe')).toBeVisible()

  // A search that matches nothing is not 'nothing yet'; Clear filters brings the list back.
  await tx.search.fill('zzz nothing like this')
  await expect(page.getByText('No transactions match your filters')).toBeVisible()
  await expect(page.getByText('No transactions found. Add your first transaction to get started!')).toHaveCount(0)
  await shotBothFromTop(page, 'errors-no-matches')
  await tx.clearFilters.click()
  await expect(tx.row('Lunch at the cafe')).toBeVisible()
  await expect(tx.search).toHaveValue('')
  await expect(page).toHaveURL(/\/transactions$/)
})
