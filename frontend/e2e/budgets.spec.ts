import { expect, type Page, test } from '@playwright/test'

import { londonDay, MONTHS, money, sessionApi, signUpFreshUser } from './support/ledger'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()
const email = `bea.${stamp}@e2e.test`

class BudgetsScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/budgets')
    await expect(this.page.getByRole('heading', { name: 'Monthly Budgets', level: 1 })).toBeVisible()
  }

  card(category: string) {
    return this.page.getByRole('group', { name: `${category} budget` })
  }

  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  async add(category: string, limit: string) {
    await this.page.getByRole('button', { name: 'Add Budget' }).click()
    const picker = this.page.getByRole('dialog', { name: 'Select a Category' })
    await picker.getByRole('button', { name: category, exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Set Budget' })
    await dialog.getByLabel('Monthly Limit (£)').fill(limit)
    await dialog.getByRole('button', { name: 'Set Budget' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.card(category)).toBeVisible()
  }
}

test('budgets go red past their limit, and a finalised month is a snapshot in the analytics', async ({ page, request }) => {
  const today = londonDay(0)
  const [year, month] = today.split('-').map(Number) as [number, number]
  const thisMonth = `${MONTHS[month - 1]} ${year}`

  await signUpFreshUser(page, request, 'Bea Budget', email)
  const budgets = new BudgetsScreen(page)
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Budgets' }).click()
  await expect(page.getByRole('heading', { name: 'No budgets set yet' })).toBeVisible()
  await expect(page.getByText(`Spending limits for ${thisMonth}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Finalise Month' })).toHaveCount(0)
  await shotBothFromTop(page, 'budgets-empty')

  // The picker lists expense categories only, each with its Default chip.
  await page.getByRole('button', { name: 'Add Budget' }).click()
  const picker = page.getByRole('dialog', { name: 'Select a Category' })
  await expect(picker.getByRole('button', { name: 'Groceries', exact: true })).toBeVisible()
  await expect(picker.getByRole('button', { name: 'Salary', exact: true })).toHaveCount(0)
  await expect(picker.getByRole('button', { name: 'Other Income', exact: true })).toHaveCount(0)
  await shotBothFromTop(page, 'budget-picker')
  await picker.getByRole('button', { name: 'Groceries', exact: true }).click()
  const setDialog = page.getByRole('dialog', { name: 'Set Budget' })
  await setDialog.getByLabel('Monthly Limit (£)').fill('1000000')
  await setDialog.getByRole('button', { name: 'Set Budget' }).click()
  await expect(setDialog.getByText('Budget limit cannot exceed £999,999.99')).toBeVisible()
  await shotBothFromTop(page, 'budget-dialog')
  await setDialog.getByLabel('Monthly Limit (£)').fill('200')
  await setDialog.getByRole('button', { name: 'Set Budget' }).click()
  await expect(setDialog).toBeHidden()
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
  await expect(travel.getByTestId('budget-remaining')).toHaveText(`Over budget by ${money(3_000)}`)
  await expect(travel.getByTestId('budget-percent')).toHaveText('160.0%')
  await expect(travel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  const groceries = budgets.card('Groceries')
  await expect(groceries).not.toHaveAttribute('data-over', 'true')
  await expect(groceries.getByText('On Track', { exact: true })).toBeVisible()
  await expect(groceries.getByTestId('budget-remaining')).toHaveText(`Remaining ${money(20_000 - 4_550)}`)
  await expect(budgets.tile('Total Budget')).toHaveText(money(20_000 + 5_000 + 2_000))
  await expect(budgets.tile('Total Spent')).toHaveText(money(4_550 + 8_000))
  await expect(budgets.tile('Active Budgets')).toHaveText('3')
  await expect(budgets.tile('Over Budget')).toHaveText('1')
  await shotBothFromTop(page, 'budgets')

  // Remove one: only the limit goes.
  await budgets.card('Coffee & Snacks').getByRole('button', { name: 'Remove Budget' }).click()
  const remove = page.getByRole('alertdialog', { name: 'Remove Budget' })
  await expect(remove).toContainText('Are you sure you want to remove the budget for "Coffee & Snacks"?')
  await remove.getByRole('button', { name: 'Remove Budget' }).click()
  await expect(remove).toBeHidden()
  await expect(budgets.tile('Active Budgets')).toHaveText('2')

  // Before finalising, this month's analytics are computed.
  await page.getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { name: 'Budget Analytics', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Select Month')).toContainText(`${thisMonth} (computed)`)

  // The superadmin finalises their own month.
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill('admin@e2e.test')
  await page.getByLabel('Password', { exact: true }).fill('AdminPass1')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const admin = await sessionApi(page, request)
  await admin.post('/budgets', { categoryId: admin.categoryId('Groceries'), limit: '150.00' })

  await budgets.open()
  await expect(budgets.card('Groceries')).toBeVisible()
  await page.getByRole('button', { name: 'Finalise Month' }).click()
  await expect(page.getByText('Month finalised successfully')).toBeVisible()

  await page.getByRole('link', { name: 'Analytics' }).click()
  const monthPicker = page.getByLabel('Select Month')
  await expect(monthPicker.locator('option:checked')).toHaveText(`${thisMonth} (snapshot)`)
  await expect(page.getByTestId('month-source')).toHaveText('snapshot')
  await expect(page.getByTestId('breakdown-row').filter({ hasText: 'Groceries' })).toBeVisible()
  await shotBothFromTop(page, 'budget-analytics')

  await page.getByRole('link', { name: 'Back to Budgets' }).click()
  await expect(page).toHaveURL(/\/budgets$/)
})
