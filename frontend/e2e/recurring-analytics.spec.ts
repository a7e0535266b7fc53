import { expect, test } from './support/test'

import { londonDay, MONTHS, sessionApi, signUpFreshUser } from './support/ledger'
import { RecurringAnalyticsScreen } from './support/recurring'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()
const email = `rory.${stamp}@e2e.test`

test('recurring analytics count what the templates made, by month and by template', async ({ page, request }) => {
  const today = londonDay(0)
  const [year, month] = today.split('-').map(Number) as [number, number]
  const monthKey = `${year}-${String(month).padStart(2, '0')}`
  const thisMonth = `${MONTHS[month - 1]} ${year}`

  await signUpFreshUser(page, request, 'Rory Recurring', email)
  const api = await sessionApi(page, request)
  const account = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '500.00' })
  const template = (amount: number, description: string, type: string, category: string) =>
    api.post('/recurring-transactions', {
      amount, description, type, categoryId: api.categoryId(category), accountId: account._id,
      frequency: 'monthly', startDate: today, notes: '',
    })
  const pay = await template(2500, 'Monthly pay', 'income', 'Salary')
  const tv = await template(10.99, 'Netflix', 'expense', 'Subscriptions')
  for (const t of [pay, tv]) await api.post(`/recurring-transactions/${t._id}/process`, {})

  const screen = new RecurringAnalyticsScreen(page)
  await screen.open()
  await expect(screen.timeRange).toHaveValue('6')
  await expect(screen.tile('Total Income')).toHaveText('£2,500.00')
  await expect(screen.tile('Total Expenses')).toHaveText('£10.99')
  await expect(screen.tile('Net Flow')).toHaveText('+£2,489.01')
  await expect(screen.tile('Active Templates')).toHaveText('2')
  await expect(screen.insight('Best Month')).toContainText(`${thisMonth}Net flow +£2,489.01`)
  await expect(screen.insight('Worst Month')).toContainText(thisMonth)
  await expect(screen.insight('Top Category')).toContainText('Salary£2,500.00 in the period')
  await expect(screen.chart).toBeVisible()

  // This month's breakdown, preselected as the latest month with activity.
  await expect(screen.month).toHaveValue(monthKey)
  await expect(screen.rows()).toHaveCount(2)
  await expect(screen.rows().nth(0)).toContainText('Salary')
  await expect(screen.rows().nth(0)).toContainText('£2,500.00')
  await expect(screen.rows().nth(0)).toContainText('Income')
  await expect(screen.rows().nth(1)).toContainText('Subscriptions')
  await expect(screen.rows().nth(1)).toContainText('£10.99')
  await expect(screen.rows().nth(1)).toContainText('Expense')

  // Both templates made something this month; either may be preselected. Choose Netflix.
  const picker = screen.templatePicker()
  await picker.click()
  await page.getByRole('option', { name: /Netflix/ }).click()
  await expect(picker).toContainText('Netflix')
  await expect(picker).toContainText('-£10.99')
  await expect(screen.trends().getByRole('img', { name: 'Netflix: template amount against actual amount by month' })).toBeVisible()
  await page.mouse.move(0, 0)
  await shotBothFromTop(page, 'recurring-analytics')

  // A longer range asks again; the figures are the same.
  await screen.timeRange.selectOption({ label: 'Last 12 months' })
  await expect(screen.month.locator('option')).toHaveCount(12)
  await expect(screen.tile('Total Income')).toHaveText('£2,500.00')

  // Phones get cards instead of the table.
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(screen.breakdown('list')).toBeVisible()
  await expect(screen.breakdown('table')).toHaveCount(0)
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(screen.breakdown('table')).toBeVisible()

  await screen.backToRecurring.click()
  await expect(page).toHaveURL(/\/recurring$/)
})
