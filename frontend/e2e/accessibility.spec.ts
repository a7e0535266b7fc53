import { expect, type Page, test } from './support/test'

import { axeOn, expectNoAxeViolations } from './support/axe'
import { shot } from './support/shots'
import { londonDay, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { AppShell } from './support/shell'
import { ADMIN, signIn, UsersScreen } from './support/users'

const stamp = Date.now()

// Every test signs up its own user (or only reads as the superadmin): they spread over the workers.
test.describe.configure({ mode: 'parallel' })

const VIEWPORTS = [
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
  { name: 'phone', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
] as const

/** Opens a screen and waits until its data has loaded and its main heading shows. */
async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/**
 * Runs axe on the screen as it is in light mode, then in dark: the user's choice is left on
 * "system", so the app follows the emulated system preference in place, as it does when a phone
 * turns dark at sunset. One page load serves both modes.
 */
async function expectNoViolationsInEitherMode(page: Page, screen: string, path?: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode })
    await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /\blight\b/)
    await expectNoAxeViolations(page, `${screen} (${mode})`)
    if (mode === 'dark' && path !== undefined) {
      await shot(page, `dark${path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-landing'}`)
    }
  }
}

/** A user with accounts, an income, an expense, a declined and a pending expense, a transfer and a budget. */
async function seedLedger(page: Page, request: Parameters<typeof sessionApi>[1]) {
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1000.00' })
  const savings = await api.post('/accounts', { name: 'Rainy Day', type: 'savings', initialBalance: '250.00' })
  await api.post('/accounts', { name: 'Travel Card', type: 'credit_card', initialBalance: '0', creditLimit: '2000.00' })
  const tx = (body: Record<string, unknown>) =>
    api.post('/transactions', { accountId: current._id, notes: '', date: londonDay(0), ...body })
  const pay = await tx({ amount: '2500.00', type: 'income', description: 'Monthly pay', categoryId: api.categoryId('Salary') })
  await tx({ amount: '45.67', type: 'expense', description: 'Weekly shop', categoryId: api.categoryId('Groceries') })
  await tx({
    amount: '9.99', type: 'expense', description: 'Music stream', categoryId: api.categoryId('Subscriptions'),
    date: londonDay(-2), status: 'declined',
  })
  await tx({
    amount: '4.20', type: 'expense', description: 'Flat white', categoryId: api.categoryId('Coffee & Snacks'),
    date: londonDay(-1), status: 'pending', notes: 'With Sam',
  })
  await api.post('/transfers', {
    amount: '300.00', description: 'To savings', fromAccountId: current._id, toAccountId: savings._id, date: londonDay(0), notes: '',
  })
  await api.post('/budgets', { categoryId: api.categoryId('Groceries'), limit: '200.00' })
  await api.post('/budgets', { categoryId: api.categoryId('Coffee & Snacks'), limit: '2.00' })
  // A template due soon and one already made this month, so /recurring shows its chips and both lists.
  await api.post('/recurring-transactions', {
    amount: '12.99', description: 'Netflix', type: 'expense', categoryId: api.categoryId('Subscriptions'),
    accountId: current._id, frequency: 'monthly', startDate: londonDay(5), notes: '',
  })
  const gym = await api.post('/recurring-transactions', {
    amount: '30.00', description: 'Gym', type: 'expense', categoryId: api.categoryId('Health & Fitness'),
    accountId: current._id, frequency: 'monthly', startDate: londonDay(10), notes: '',
  })
  await api.post(`/recurring-transactions/${gym._id}/process`, {})
  const bike = await api.post('/goals', { name: 'New bike', targetAmount: '500', targetDate: londonDay(20), category: 'purchase' })
  await api.post(`/goals/${bike._id}/contributions`, { amount: '120', date: londonDay(0) })
  const laptop = await api.post('/goals', { name: 'Laptop', targetAmount: '100', targetDate: londonDay(200) })
  await api.post(`/goals/${laptop._id}/contributions`, { amount: '100', date: londonDay(0) })
  const milk = await api.post('/inventory-items', {
    name: 'Semi-skimmed milk', category: 'Dairy', currentStock: 1, defaultNeeded: 3, lastPrice: '1.15',
    expiryDate: londonDay(2), preferredStore: 'Tesco',
  })
  const rice = await api.post('/inventory-items', { name: 'Rice', category: 'Pasta & Rice', currentStock: 4, defaultNeeded: 1, lastPrice: '2.00' })
  await api.post('/shopping-list', { inventoryItemId: milk._id, quantityToBuy: 2, addedManually: true })
  // A ticked entry too: it is drawn differently, and once faded below AA contrast.
  const riceEntry = await api.post('/shopping-list', { inventoryItemId: rice._id, quantityToBuy: 1, addedManually: true })
  await api.put(`/shopping-list/${riceEntry._id}/tick`, { ticked: true })
  return { payId: pay._id, milkId: milk._id }
}

// The checks below pass only if axe, as run here, finds what it should: a nameless button, an image
// without alt text and grey on white in light and dark mode.
test('the accessibility check itself reports violations', async ({ page }) => {
  await visit(page, '/login')
  await page.evaluate(() => {
    const planted = document.createElement('div')
    planted.innerHTML = '<button></button><img src="/icon.svg"><p style="color:#bbb;background:#fff">Faint</p>'
    document.body.append(planted)
  })
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode })
    const { violations } = await axeOn(page).analyze()
    expect(violations.map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt'])
  }
})

/** Every screen in both colour modes, at both widths. */
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.use.viewport.width}px`, () => {
    test.use(viewport.use)

    test('the signed-out screens have no WCAG A/AA violations', async ({ page }) => {
      for (const path of ['/', '/login', '/register', '/forgot-password', '/reset-password/not-a-token', '/account-disabled', '/help', '/privacy', '/terms', '/status', '/no-such-page']) {
        await test.step(path, async () => {
          await visit(page, path)
          await expectNoViolationsInEitherMode(page, path, path)
        })
      }
    })

    test('User Management has no WCAG A/AA violations (as the superadmin)', async ({ page }) => {
      await signIn(page, ADMIN.email, ADMIN.password)
      const users = new UsersScreen(page)
      await visit(page, '/users')
      await expect(users.actions(ADMIN.name)).toBeVisible()
      await expectNoViolationsInEitherMode(page, '/users')

      await test.step('the add-user dialog, with errors', async () => {
        await users.addUser.click()
        const dialog = users.addDialog
        await expect(dialog.root).toBeVisible()
        await expectNoViolationsInEitherMode(page, 'the add-user dialog')
        await dialog.submit.click()
        await expect(dialog.root.getByText('Password is required')).toBeVisible()
        await expectNoViolationsInEitherMode(page, 'the add-user dialog, with errors')
        await page.keyboard.press('Escape')
        await expect(dialog.root).toBeHidden()
      })
    })

    test('the signed-in screens have no WCAG A/AA violations', async ({ page, request }) => {
      // Eighteen screens and five overlays, each through axe in both modes: more than the default 90 s.
      test.slow()
      await signUpFreshUser(page, request, 'Alex Access', `alex.${viewport.name}.${stamp}@e2e.test`)
      const { payId, milkId } = await seedLedger(page, request)

      for (const path of [
        '/dashboard',
        '/transactions',
        `/transactions/${payId}`,
        '/accounts',
        '/categories',
        '/tags',
        '/budgets',
        '/budgets/analytics',
        '/recurring',
        '/recurring/analytics',
        '/goals',
        '/inventory',
        `/inventory/${milkId}`,
        '/shopping-list',
        '/reports',
        '/import',
        '/settings/rules',
        '/settings/backup',
        '/settings/api-tokens',
        '/no-such-page',
      ]) {
        await test.step(path, async () => {
          await visit(page, path)
          await expectNoViolationsInEitherMode(page, path, path)
        })
      }

      await test.step('the add-transaction dialog', async () => {
        const tx = new TransactionsScreen(page)
        await tx.open()
        await tx.chooseAdd('Add Transaction')
        const dialog = tx.addDialog
        await expect(dialog.root).toBeVisible()
        await expectNoViolationsInEitherMode(page, 'the add-transaction dialog')
        // With the type switched to Income and the required-field messages showing.
        await dialog.root.getByRole('button', { name: 'Income', exact: true }).click()
        await dialog.submit.click()
        await expect(dialog.root.getByText('Amount is required')).toBeVisible()
        await expectNoViolationsInEitherMode(page, 'the add-transaction dialog, with errors')
      })

      await test.step('the filters and the account menu', async () => {
        const tx = new TransactionsScreen(page)
        await tx.open()
        await tx.openFilters()
        await page.waitForLoadState('networkidle')
        await expectNoViolationsInEitherMode(page, 'the transactions filters')
        await new AppShell(page).accountMenu.click()
        await expect(page.getByRole('menu')).toBeVisible()
        await expectNoViolationsInEitherMode(page, 'the account menu')
        await page.keyboard.press('Escape')
      })

      if (viewport.name === 'phone') {
        await test.step('the navigation drawer', async () => {
          const shell = new AppShell(page)
          await shell.menuButton.click()
          await expect(shell.drawerLink('Dashboard')).toBeVisible()
          await expectNoViolationsInEitherMode(page, 'the navigation drawer')
        })
      }
    })
  })
}
