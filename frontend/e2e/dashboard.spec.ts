import { expect, test } from './support/test'

import { DashboardScreen } from './support/dashboard'
import { londonDay, money, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()
const email = `dora.${stamp}@e2e.test`

test('the dashboard shows this month as entered, with the accounts and the spending chart', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Dora Dashboard', email)
  const dashboard = new DashboardScreen(page)

  // A new user: welcomed (not 'back'), a start of four steps, zero tiles, the chart's empty state and Add Account.
  await expect(page.getByRole('heading', { name: 'Welcome, Dora Dashboard!' })).toBeVisible()
  const start = page.getByRole('region', { name: 'Get started' })
  await expect(start).toContainText('0 of 4 done')
  await expect(start.getByRole('link', { name: /Add an account/ })).toHaveAttribute('href', '/accounts')
  await expect(dashboard.tile('Total Income')).toHaveText(money(0))
  await expect(page.getByText('No expense data available')).toBeVisible()
  await expect(page.getByText('Add some expense transactions to see the breakdown')).toBeVisible()
  await expect(dashboard.addAccount).toBeVisible()
  await shotBothFromTop(page, 'dashboard-empty')

  // Seed through the API: two accounts, this month's pay and a shop, and a transfer (not counted).
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const savings = await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '0' })
  const today = londonDay(0)
  await api.post('/transactions', {
    amount: '2500.00', type: 'income', description: 'June pay', categoryId: api.categoryId('Salary'),
    accountId: current._id, date: today, notes: '',
  })
  await api.post('/transactions', {
    amount: '45.67', type: 'expense', description: 'Weekly shop', categoryId: api.categoryId('Groceries'),
    accountId: current._id, date: today, notes: '',
  })
  await api.post('/transfers', {
    amount: '300.00', description: 'To savings', fromAccountId: current._id, toAccountId: savings._id, date: today, notes: '',
  })

  // And one expense through the dashboard's own Add menu. The start has ticked off the account and
  // the transactions; the bank step says it needs the administrator.
  await page.reload()
  await expect(start).toContainText('2 of 4 done')
  await expect(start).toContainText('Ask your administrator to allow bank linking.')
  await new TransactionsScreen(page).add({
    type: 'Expense', amount: '120.50', description: 'Train tickets', category: 'Travel', account: 'Everyday Current (Current Account)',
  })

  // Expected figures, in pence.
  const income = 250_000
  const groceries = 4_567
  const travel = 12_050
  const expenses = groceries + travel
  const count = 3
  const netWorth = 100_000 + income - expenses
  // The overview's averages are of spending only: a salary is not a purchase.
  const averageSpend = Math.round(expenses / 2)
  const dayOfMonth = Number(londonDay(0).slice(8, 10))

  await expect(dashboard.tile('Total Income')).toHaveText(money(income))
  await expect(dashboard.tile('Total Expenses')).toHaveText(money(expenses))
  await expect(dashboard.tile('Net Worth')).toHaveText(money(netWorth))
  await expect(dashboard.tile('Transactions')).toHaveText(String(count))
  // Each tile says what it covers: the month's figures, and net worth over all accounts.
  for (const label of ['Total Income', 'Total Expenses', 'Transactions']) {
    await expect(dashboard.tile(label).locator('..')).toContainText('This month')
  }
  await expect(dashboard.tile('Net Worth').locator('..')).toContainText('All accounts')
  await expect(dashboard.overview('balance')).toHaveText(`+${money(income - expenses)}`)
  await expect(dashboard.overview('kept')).toHaveText(`${(Math.round(((income - expenses) * 1000) / income) / 10).toFixed(1)}%`)
  await expect(dashboard.overview('average')).toHaveText(money(averageSpend))
  await expect(dashboard.overview('per-day')).toHaveText(money(Math.round(expenses / dayOfMonth)))

  // The chart: expenses by category, largest first, with the total and each share.
  await expect(dashboard.chartHeading('Spending by Category')).toBeVisible()
  await expect(dashboard.chartTotal).toHaveText(`Total: ${money(expenses)}`)
  const slices = dashboard.slices
  await expect(slices).toHaveCount(2)
  const share = (p: number) => `${(Math.round((p * 1000) / expenses) / 10).toFixed(1)}%`
  await expect(slices.nth(0)).toContainText(`Travel${money(travel)}${share(travel)}`)
  await expect(slices.nth(1)).toContainText(`Groceries${money(groceries)}${share(groceries)}`)
  // Hovering a slice shows its amount and share.
  const pie = dashboard.pie
  await expect(pie.locator('svg path').first()).toBeVisible()
  const box = (await pie.boundingBox())!
  // Travel, the larger slice, starts at twelve o'clock and runs clockwise: its middle is on the right.
  await page.mouse.move(box.x + box.width / 2 + Math.min(box.width, box.height) * 0.38, box.y + box.height / 2)
  await expect(page.getByText(`${money(travel)} (${share(travel)})`)).toBeVisible()
  await page.mouse.move(0, 0)

  // My Accounts: net worth, both accounts, and balances that can be hidden.
  await expect(dashboard.netWorth).toHaveText(money(netWorth))
  await expect(dashboard.accounts).toHaveCount(2)
  await expect(dashboard.account('Rainy Day')).toContainText(money(30_000))
  await expect(dashboard.viewAllAccounts(2)).toBeVisible()
  await shotBothFromTop(page, 'dashboard')

  // Hide masks every balance on the page: the accounts, both net worths and the month's balance.
  await dashboard.hideBalances.click()
  await expect(dashboard.netWorth).toHaveText('••••••')
  await expect(dashboard.tile('Net Worth')).toHaveText('••••••')
  await expect(dashboard.overview('balance')).toHaveText('••••••')
  for (const row of await dashboard.accounts.all()) await expect(row).not.toContainText('£')
  await expect(dashboard.tile('Total Income')).toHaveText(money(income))
  await shotBothFromTop(page, 'dashboard-hidden')
  await dashboard.showBalances.click()
  await expect(dashboard.tile('Net Worth')).toHaveText(money(netWorth))

  // On a phone the tiles are one strip inside the page's 16 px margins, scrolling sideways,
  // with the third tile peeking in at the edge so the strip shows that it scrolls.
  await page.setViewportSize({ width: 375, height: 812 })
  const strip = dashboard.summaryStrip
  const tiles = strip.locator(':scope > *')
  await expect(tiles).toHaveCount(4)
  await strip.evaluate((el) => el.scrollTo(0, 0))
  await expect.poll(async () => (await strip.boundingBox())?.x).toBe(16)
  const stripBox = (await strip.boundingBox())!
  expect(stripBox.x + stripBox.width).toBe(375 - 16)
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  const tileBox = async (i: number) => (await tiles.nth(i).boundingBox())!
  expect((await tileBox(0)).x).toBe(16)
  expect((await tileBox(1)).x + (await tileBox(1)).width).toBeLessThan(375 - 16)
  const peek = await tileBox(2)
  expect(peek.x, 'the third tile starts inside the strip').toBeLessThan(375 - 16 - 24)
  expect(peek.x + peek.width, 'and runs past its edge').toBeGreaterThan(375 - 16)
  // Scrolled to the end, the last tile stops at the margin too.
  await strip.evaluate((el) => el.scrollTo(el.scrollWidth, 0))
  await expect.poll(async () => Math.round((await tileBox(3)).x + (await tileBox(3)).width)).toBe(375 - 16)
  await strip.evaluate((el) => el.scrollTo(0, 0))
  await page.setViewportSize({ width: 1440, height: 900 })

  // The income side of the chart.
  await dashboard.income.click()
  await expect(dashboard.chartHeading('Income by Category')).toBeVisible()
  await expect(dashboard.chartHeading('Spending by Category')).toHaveCount(0)
  await expect(dashboard.chartTotal).toHaveText(`Total: ${money(income)}`)
  await expect(slices.nth(0)).toContainText(`Salary${money(income)}100.0%`)

  await dashboard.viewAllAccounts(2).click()
  await expect(page).toHaveURL(/\/accounts$/)
})
