import { readFileSync } from 'node:fs'

import { expect, test } from './support/test'

import { londonDay, MONTHS, money, sessionApi, signUpFreshUser } from './support/ledger'
import { ReportsScreen } from './support/reports'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()
const email = `rita.${stamp}@e2e.test`

test('the monthly report shows the month entered and downloads its PDF', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Rita Reports', email)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '500.00' })
  const savings = await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '0' })
  const today = londonDay(0)
  const add = (amount: string, type: string, description: string, category: string) =>
    api.post('/transactions', {
      amount, type, description, categoryId: api.categoryId(category), accountId: current._id, date: today, notes: '',
    })
  await add('1800.00', 'income', 'Monthly pay', 'Salary')
  await add('62.40', 'expense', 'Big shop', 'Groceries')
  await add('19.99', 'expense', 'Pizza night', 'Eating Out')
  await api.post('/transfers', {
    amount: '100.00', description: 'Put aside', fromAccountId: current._id, toAccountId: savings._id, date: today, notes: '',
  })

  const income = 180_000
  const groceries = 6_240
  const eatingOut = 1_999
  const expenses = groceries + eatingOut
  const [year, month] = today.split('-').map(Number) as [number, number]
  const monthName = MONTHS[month - 1]!

  // A fresh load, so the account filter lists the accounts made through the API.
  await page.reload()
  const reports = new ReportsScreen(page)
  await new AppShell(page).sidebarLink('Reports').click()
  await expect(reports.heading).toBeVisible()
  await expect(reports.year).toHaveValue(String(year))
  await expect(reports.month).toHaveValue(String(month))
  await expect(reports.tile('Total Income')).toHaveText(money(income))
  await expect(page.getByText('1 transaction', { exact: true })).toBeVisible()
  await expect(reports.tile('Total Expenses')).toHaveText(money(expenses))
  await expect(page.getByText('2 transactions', { exact: true })).toBeVisible()
  await expect(reports.tile('Net Amount')).toHaveText(`+${money(income - expenses)}`)
  await expect(reports.badge('Net Amount')).toHaveText('Surplus')
  // Transfer legs are listed but are not transactions (docs/decisions.md).
  await expect(reports.tile('Total Transactions')).toHaveText('3')
  await expect(page.getByText('2 transfer legs not counted')).toBeVisible()

  const expenseTable = reports.expenseTable
  await expect(expenseTable.getByRole('row').nth(1)).toContainText(`Groceries${money(groceries)}75.7%`)
  await expect(expenseTable.getByRole('row').nth(2)).toContainText(`Eating Out${money(eatingOut)}24.3%`)
  const rows = reports.transactions
  await expect(rows).toHaveCount(5)
  // Both legs of the transfer say Transfer in the Category column.
  const legs = rows.filter({ hasText: 'Put aside' })
  await expect(legs).toHaveCount(2)
  for (const leg of await legs.all()) await expect(leg.getByRole('cell').nth(2)).toHaveText('Transfer')
  await expect(reports.yearIncome).toHaveText(money(income))
  await shotBothFromTop(page, 'reports')

  // The PDF: the server's file name, and real PDF bytes.
  const downloadPromise = page.waitForEvent('download')
  await reports.downloadPdf.click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/^financial-report-.*\.pdf$/)
  const bytes = readFileSync(await download.path())
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF')
  await expect(page.getByText('Report downloaded successfully!')).toBeVisible()

  // The whole year: the same figures (everything is this month), month by month, its own PDF,
  // and a month's name back to that month's report.
  await reports.month.selectOption({ label: 'Whole Year' })
  const months = reports.monthsTable(year)
  await expect(months.getByRole('row')).toHaveCount(13)
  const thisMonth = months.getByRole('row').nth(month).getByRole('cell')
  await expect(thisMonth.nth(0)).toContainText(monthName)
  await expect(thisMonth.nth(1)).toHaveText(money(income))
  await expect(thisMonth.nth(2)).toHaveText(money(expenses))
  await expect(thisMonth.nth(3)).toHaveText(`+${money(income - expenses)}`)
  await expect(reports.tile('Total Income')).toHaveText(money(income))
  await expect(reports.tile('Total Transactions')).toHaveText('3')
  await expect(reports.transactions).toHaveCount(0)
  await shotBothFromTop(page, 'reports-year')
  const yearDownload = page.waitForEvent('download')
  await reports.downloadPdf.click()
  expect((await yearDownload).suggestedFilename()).toBe(`financial-report-all-accounts-${year}.pdf`)
  await reports.openMonth(monthName, year).click()
  await expect(reports.month).toHaveValue(String(month))
  await expect(rows).toHaveCount(5)

  // One account: its own legs only.
  await reports.account.selectOption({ label: 'Rainy Day (Savings Account)' })
  await expect(reports.tile('Total Transactions')).toHaveText('0')
  await expect(page.getByText('1 transfer leg not counted')).toBeVisible()
  await expect(reports.tile('Total Income')).toHaveText(money(0))
  await expect(rows).toHaveCount(1)

  // A month without transactions.
  await reports.account.selectOption({ label: 'All Accounts' })
  await reports.year.selectOption(String(year - 1))
  await expect(page.getByText(`No transactions found for ${monthName} ${year - 1}`)).toBeVisible()
  // A month that nets to £0.00 is neither a surplus nor a deficit.
  await expect(reports.tile('Net Amount')).toHaveText(money(0))
  await expect(reports.badge('Net Amount')).toHaveCount(0)
  await shotBothFromTop(page, 'reports-empty')
})
