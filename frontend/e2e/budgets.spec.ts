import { expect, test } from './support/test'

import { BudgetAnalyticsScreen, BudgetsScreen } from './support/budgets'
import { londonDay, MONTHS, money, sessionApi, signUpFreshUser } from './support/ledger'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'
import { ADMIN, signIn } from './support/users'

const stamp = Date.now()
const email = `bea.${stamp}@e2e.test`

test('budgets go red past their limit, and a finalised month shows as Finalised in the analytics', async ({ page, request }) => {
  const today = londonDay(0)
  const [year, month] = today.split('-').map(Number) as [number, number]
  const thisMonth = `${MONTHS[month - 1]} ${year}`

  await signUpFreshUser(page, request, 'Bea Budget', email)
  const budgets = new BudgetsScreen(page)
  const analytics = new BudgetAnalyticsScreen(page)
  await new AppShell(page).sidebarLink('Budgets').click()
  await expect(page.getByRole('heading', { name: 'No budgets set yet' })).toBeVisible()
  await expect(page.getByText(`Spending limits for ${thisMonth}`)).toBeVisible()
  await expect(budgets.finaliseMonth).toHaveCount(0)
  await shotBothFromTop(page, 'budgets-empty')

  // The picker lists expense categories only, each with its Default chip.
  await budgets.addBudget.click()
  await expect(budgets.category('Groceries')).toBeVisible()
  await expect(budgets.category('Salary')).toHaveCount(0)
  await expect(budgets.category('Other Income')).toHaveCount(0)
  await shotBothFromTop(page, 'budget-picker')
  await budgets.category('Groceries').click()
  await budgets.submitLimit('1000000')
  await expect(budgets.setDialog.getByText('Budget limit cannot exceed £999,999.99')).toBeVisible()
  await shotBothFromTop(page, 'budget-dialog')
  await budgets.submitLimit('200')
  await expect(budgets.setDialog).toBeHidden()
  await budgets.add('Travel', '50')
  await budgets.add('Coffee & Snacks', '20')

  // Spending: groceries within the limit, travel past it.
  const api = await sessionApi(page, request)
  const account = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const spend = (amount: string, category: string, description: string) =>
    api.post('/transactions', {
      amount, type: 'expense', description, categoryId: api.categoryId(category), accountId: account._id, date: today, notes: '',
    })
  await spend('45.50', 'Groceries', 'Weekly shop')
  await spend('80.00', 'Travel', 'Train to Leeds')

  await budgets.open()
  const travel = budgets.card('Travel')
  await expect(travel).toHaveAttribute('data-over', 'true')
  await expect(travel).toHaveCSS('border-top-width', '2px')
  await expect(travel.getByText('Over Budget', { exact: true })).toBeVisible()
  await expect(budgets.remaining('Travel')).toHaveText(`Over budget by ${money(3_000)}`)
  await expect(budgets.percent('Travel')).toHaveText('160.0%')
  await expect(budgets.progress('Travel')).toHaveAttribute('aria-valuenow', '100')
  const groceries = budgets.card('Groceries')
  await expect(groceries).not.toHaveAttribute('data-over', 'true')
  await expect(groceries.getByText('On Track', { exact: true })).toBeVisible()
  await expect(budgets.remaining('Groceries')).toHaveText(`Remaining ${money(20_000 - 4_550)}`)
  await expect(budgets.tile('Total Budget')).toHaveText(money(20_000 + 5_000 + 2_000))
  await expect(budgets.tile('Total Spent')).toHaveText(money(4_550 + 8_000))
  await expect(budgets.tile('Active Budgets')).toHaveText('3')
  await expect(budgets.tile('Over Budget')).toHaveText('1')
  await shotBothFromTop(page, 'budgets')

  // Remove one: only the limit goes.
  const remove = await budgets.askToRemove('Coffee & Snacks')
  await expect(remove).toContainText('Are you sure you want to remove the budget for "Coffee & Snacks"?')
  await remove.getByRole('button', { name: 'Remove Budget' }).click()
  await expect(remove).toBeHidden()
  await expect(budgets.tile('Active Budgets')).toHaveText('2')

  // Before finalising, this month's analytics are live. With one month of budgets there is nothing to
  // compare: the month's own figures, and no best month, trend or accuracy.
  await budgets.analytics.click()
  await expect(analytics.heading).toBeVisible()
  await expect(analytics.month).toContainText(`${thisMonth} (Live)`)
  await expect(analytics.source).toHaveText('Live')
  await expect(analytics.tile('Budgeted')).toHaveText(money(20_000 + 5_000))
  await expect(analytics.tile('Over Budget')).toHaveText('1 of 2')
  await expect(analytics.trendsNote).toContainText('Trends appear once you have two months of budgets.')
  await expect(analytics.tile('Budget Accuracy')).toHaveCount(0)
  await expect(page.getByTestId('insight-Best Month')).toHaveCount(0)
  await shotBothFromTop(page, 'budget-analytics-one-month')

  // The superadmin finalises their own month.
  await page.evaluate(() => localStorage.clear())
  await signIn(page, ADMIN.email, ADMIN.password)
  const admin = await sessionApi(page, request)
  await admin.post('/budgets', { categoryId: admin.categoryId('Groceries'), limit: '150.00' })

  await budgets.open()
  await expect(budgets.card('Groceries')).toBeVisible()
  await budgets.finaliseMonth.click()
  await expect(page.getByText('Month finalised successfully')).toBeVisible()

  await budgets.analytics.click()
  await expect(analytics.month.locator('option:checked')).toHaveText(`${thisMonth} (Finalised)`)
  await expect(analytics.source).toHaveText('Finalised')
  await expect(analytics.breakdownRow('Groceries')).toBeVisible()
  await shotBothFromTop(page, 'budget-analytics')

  await analytics.backToBudgets.click()
  await expect(page).toHaveURL(/\/budgets$/)
})
