import { readFileSync } from 'node:fs'

import { expect, test } from './support/test'

import { CategoriesScreen } from './support/categories'
import { sessionApi, signUpFreshUser } from './support/ledger'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()
const email = `tess.${stamp}@e2e.test`

test('5 and 6 April land in different tax years, an allowable expense joins the Self Assessment, and its PDF downloads', async ({
  page,
  request,
}) => {
  await signUpFreshUser(page, request, 'Tess Taxpayer', email)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  await api.post('/accounts', { name: 'Credit Card', type: 'credit_card', initialBalance: '-250.00', creditLimit: '2000' })
  const freelance = await api.post('/categories', { name: 'Freelance', type: 'income', taxTreatment: 'income' })
  const add = (amount: string, type: string, description: string, categoryId: string, date: string) =>
    api.post('/transactions', { amount, type, description, categoryId, accountId: current._id, date, notes: '' })
  await add('400.00', 'income', 'Invoice March', freelance._id, '2025-04-05')
  await add('650.00', 'income', 'Invoice April', freelance._id, '2025-04-06')
  await add('35.00', 'expense', 'Broadband', api.categoryId('Phone & Internet'), '2025-04-06')

  // Mark Phone & Internet an allowable expense on its edit form.
  await page.reload()
  await new AppShell(page).sidebarLink('Categories').click()
  await page.getByRole('button', { name: 'Edit Phone & Internet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Category' })
  await dialog.getByLabel('Tax treatment').selectOption({ label: 'Allowable expense (Self Assessment)' })
  await dialog.getByRole('button', { name: 'Update Category' }).click()
  await expect(page.getByText('Category updated successfully')).toBeVisible()
  await expect(new CategoriesScreen(page).card('Phone & Internet')).toBeVisible()

  // The tax year 2025/26 holds 6 April; 5 April is the year before's.
  await new AppShell(page).sidebarLink('Reports').click()
  await page.getByRole('button', { name: 'Tax year' }).click()
  await page.getByLabel('Tax year').selectOption({ label: '2025/26' })
  const table = page.getByRole('table', { name: 'Self Assessment for 2025/26' })
  await expect(table.getByRole('row')).toHaveText([
    'CategoryTotal',
    'Income for tax',
    'Freelance£650.00',
    'Total income for tax£650.00',
    'Allowable expenses',
    'Phone & Internet£35.00',
    'Total allowable expenses£35.00',
    'Net (income less allowable expenses)+£615.00',
  ])
  const months = page.getByRole('table', { name: 'Tax months of 2025/26' }).getByRole('row')
  await expect(months).toHaveCount(13)
  await expect(months.nth(1)).toContainText('April06/04 – 05/05£650.00£35.00')
  await shotBothFromTop(page, 'tax-year')

  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe('financial-report-all-accounts-tax-year-2025-26.pdf')
  expect(readFileSync(await download.path()).subarray(0, 4).toString('latin1')).toBe('%PDF')

  await page.getByLabel('Tax year').selectOption({ label: '2024/25' })
  const before = page.getByRole('table', { name: 'Self Assessment for 2024/25' })
  await expect(before.getByRole('row').nth(2)).toHaveText('Freelance£400.00')
  await expect(before.getByRole('row').nth(5)).toContainText('No category marked, or none used in 2024/25.')

  // Net worth on the dashboard: £1,000 + £400 + £650 - £35 held, £250 owed on the card.
  // The card comes when the visit scrolls near the foot of the page.
  await new AppShell(page).sidebarLink('Dashboard').click()
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  const netWorth = page.getByTestId('net-worth-now')
  await expect(netWorth).toHaveText('+£1,765.00')
  await expect(page.getByRole('img', { name: 'Net worth at each month end over the last 24 months' })).toBeVisible()
  await page.getByRole('heading', { name: 'Net Worth', exact: true }).scrollIntoViewIfNeeded()
  await shotBothFromTop(page, 'dashboard-net-worth')
})
