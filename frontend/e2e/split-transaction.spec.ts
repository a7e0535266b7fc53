import { expect, type Locator, test } from './support/test'

import { BudgetsScreen } from './support/budgets'
import { money, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { shot, shotBoth } from './support/shots'

const email = `sid.${Date.now()}@e2e.test`

/** A part's fields in the transaction dialog's split (1-based, as the labels count). */
function part(dialog: Locator, n: number) {
  return {
    category: dialog.getByLabel(`Part ${n} category`),
    amount: dialog.getByLabel(`Part ${n} amount`),
    note: dialog.getByLabel(`Part ${n} note`),
  }
}

test('split a £84.20 shop across Groceries and Household, see each part counted, then remove the split', async ({
  page,
  request,
}) => {
  await signUpFreshUser(page, request, 'Sid Split', email)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '500.00' })
  const householdCategory = await api.post('/categories', { name: 'Household', description: 'Cleaning and home', color: '#795548', icon: 'home', type: 'expense' })
  await api.post('/budgets', { categoryId: api.categoryId('Groceries'), limit: '100.00' })

  const tx = new TransactionsScreen(page)
  const add = tx.addDialog
  // A fresh load, so the form offers the account and the category made through the API.
  await tx.open()

  await test.step('parts that add up to £80.00 are refused with both sums, then £61.00 + £23.20 is saved', async () => {
    await tx.chooseAdd('Add Transaction')
    await add.fill({ type: 'Expense', amount: '84.20', description: 'Tesco', category: 'Groceries', account: 'Everyday Current (Current Account)' })
    await add.root.getByRole('button', { name: 'Split across categories' }).click()
    const [groceries, household] = [part(add.root, 1), part(add.root, 2)]
    await expect(groceries.category).toHaveValue(api.categoryId('Groceries'))
    await expect(groceries.amount).toHaveValue('84.20')
    await groceries.amount.fill('61.00')
    await household.category.selectOption({ label: 'Household' })
    await household.amount.fill('19.00')
    await household.note.fill('Bleach and bin bags')
    await expect(add.root.getByTestId('split-equation')).toHaveText('£61.00 + £19.00 = £80.00 of £84.20')
    await expect(add.root.getByTestId('split-left')).toHaveText('£4.20 left to split')
    await add.submit.click()
    await expect(add.root.getByText('Split amounts must add up to £84.20 (they add up to £80.00)')).toBeVisible()

    await household.amount.fill('23.20')
    await expect(add.root.getByTestId('split-left')).toHaveText('£0.00 left to split')
    await expect(add.root.getByText(/Split amounts must add up/)).toHaveCount(0)
    // The dialog scrolls inside itself: each width's picture shows the parts down to the sum.
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width < 800 ? 812 : 900 })
      await add.root.getByRole('button', { name: 'Add part' }).scrollIntoViewIfNeeded()
      await shot(page, 'split-dialog', { fullPage: false })
    }
    await add.submit.click()
    await expect(add.root).toBeHidden()
  })

  await test.step('the list shows one transaction of £84.20, marked Split', async () => {
    await expect(tx.rows()).toHaveCount(1)
    await expect(tx.row('Tesco')).toContainText(money(-8_420))
    await expect(tx.row('Tesco')).toContainText('Split · 2 categories')
    await shotBoth(page, 'split-list')
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(tx.phoneRow('Tesco')).toContainText('Split · 2 categories')
    await expect(tx.phoneRow('Tesco')).toContainText(money(-8_420))
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  await test.step('filtered by Household, the list shows its part of £23.20 of £84.20, and sums just that', async () => {
    await tx.open(`?category=${householdCategory._id}`)
    await expect(tx.rows()).toHaveCount(1)
    await expect(tx.row('Tesco')).toContainText(money(-2_320))
    await expect(tx.row('Tesco')).toContainText(`of ${money(8_420)}`)
    await expect(page.getByText('Total Expenses').locator('..')).toContainText(money(2_320))
    await shotBoth(page, 'split-filtered')
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(tx.phoneRow('Tesco')).toContainText(`of ${money(8_420)}`)
    await page.setViewportSize({ width: 1440, height: 900 })
    await tx.open()
  })

  await test.step('the detail page lists each part: category, amount and note', async () => {
    await tx.link('Tesco').click()
    await expect(page.getByRole('heading', { name: 'Tesco', level: 1 })).toBeVisible()
    const parts = page.getByRole('list', { name: 'Split parts' }).getByRole('listitem')
    await expect(parts).toHaveCount(2)
    await expect(parts.nth(0)).toContainText('Groceries')
    await expect(parts.nth(0)).toContainText('£61.00')
    await expect(parts.nth(1)).toContainText('Household')
    await expect(parts.nth(1)).toContainText('Bleach and bin bags')
    await expect(parts.nth(1)).toContainText('£23.20')
    await shotBoth(page, 'split-detail')
  })

  const budgets = new BudgetsScreen(page)
  await test.step("the Groceries budget counts only the Groceries part: £61.00 of £100.00", async () => {
    await budgets.open()
    await expect(budgets.remaining('Groceries')).toHaveText(`Remaining ${money(3_900)}`)
    await expect(budgets.tile('Total Spent')).toHaveText(money(6_100))
  })

  await test.step('removing the split puts the whole £84.20 back in one category', async () => {
    await tx.open()
    await tx.editButton('Tesco').click()
    const edit = tx.editDialog
    await expect(part(edit.root, 2).category).toHaveValue(householdCategory._id)
    await edit.root.getByRole('button', { name: 'Remove split' }).click()
    await expect(edit.root.getByTestId('split-row')).toHaveCount(0)
    await expect(edit.category).toHaveValue(api.categoryId('Groceries'))
    await edit.submit.click()
    await expect(edit.root).toBeHidden()
    await expect(tx.row('Tesco')).toContainText('Groceries')
    await expect(tx.row('Tesco')).not.toContainText('Split')

    await budgets.open()
    await expect(budgets.remaining('Groceries')).toHaveText(`Remaining ${money(10_000 - 8_420)}`)
  })
})
