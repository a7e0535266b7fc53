import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

import { type APIRequestContext, type Browser, type BrowserContextOptions, expect, type Page, test } from './support/test'

import { londonDay, sessionApi, signUpFreshUser } from './support/ledger'

/**
 * The README's screenshots: a believable user's main screens at phone and desktop width, in
 * light mode, and the dashboard and transactions in dark mode too. Written into SCREENSHOTS_DIR
 * (scripts/screenshots.sh sets it to docs/screenshots); skipped in ordinary e2e runs.
 */
const out = process.env.SCREENSHOTS_DIR ?? ''

const SCREENS = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'transactions', path: '/transactions' },
  { name: 'accounts', path: '/accounts' },
  { name: 'budgets', path: '/budgets' },
  { name: 'shopping-list', path: '/shopping-list' },
  { name: 'reports', path: '/reports' },
] as const

const DEVICES = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const

type Shot = { device: keyof typeof DEVICES; mode: 'light' | 'dark'; screens: readonly string[] }

const SHOTS: Shot[] = [
  { device: 'desktop', mode: 'light', screens: SCREENS.map((s) => s.name) },
  { device: 'phone', mode: 'light', screens: SCREENS.map((s) => s.name) },
  { device: 'desktop', mode: 'dark', screens: ['dashboard', 'transactions'] },
  { device: 'phone', mode: 'dark', screens: ['dashboard', 'transactions'] },
]

/** About three weeks of an ordinary UK household's money. */
async function seed(page: Page, request: APIRequestContext) {
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '1840.25' })
  const savings = await api.post('/accounts', { name: 'Rainy Day Saver', type: 'savings', initialBalance: '4200.00' })
  const card = await api.post('/accounts', {
    name: 'Cashback Credit Card', type: 'credit_card', initialBalance: '0', creditLimit: '3000.00',
  })
  const spend = (days: number, amount: string, description: string, category: string, accountId = current._id) =>
    api.post('/transactions', {
      accountId, amount, type: 'expense', description, categoryId: api.categoryId(category), date: londonDay(-days), notes: '',
    })
  await api.post('/transactions', {
    accountId: current._id, amount: '2650.00', type: 'income', description: 'Salary - Northwind Ltd',
    categoryId: api.categoryId('Salary'), date: londonDay(-20), notes: '',
  })
  await spend(19, '950.00', 'Rent', 'Rent & Mortgage')
  await spend(17, '64.30', 'Tesco', 'Groceries')
  await spend(15, '38.00', 'Octopus Energy', 'Bills & Utilities')
  await spend(14, '22.00', 'Three Mobile', 'Phone & Internet')
  await spend(12, '28.45', 'Pizza Express', 'Eating Out', card._id)
  await spend(10, '52.18', "Sainsbury's", 'Groceries')
  await spend(9, '12.99', 'Netflix', 'Subscriptions', card._id)
  await spend(7, '31.20', 'TfL travel', 'Transport')
  await spend(5, '3.40', 'Pret a Manger', 'Coffee & Snacks', card._id)
  await spend(4, '45.99', 'Running shoes', 'Health & Fitness', card._id)
  await spend(2, '41.76', 'Aldi', 'Groceries')
  await spend(1, '3.10', 'Costa Coffee', 'Coffee & Snacks')
  await api.post('/transfers', {
    amount: '300.00', description: 'Monthly saving', fromAccountId: current._id, toAccountId: savings._id,
    date: londonDay(-18), notes: '',
  })
  await api.post('/budgets', { categoryId: api.categoryId('Groceries'), limit: '250.00' })
  await api.post('/budgets', { categoryId: api.categoryId('Eating Out'), limit: '80.00' })
  await api.post('/budgets', { categoryId: api.categoryId('Transport'), limit: '120.00' })
  await api.post('/budgets', { categoryId: api.categoryId('Coffee & Snacks'), limit: '5.00' })
  const holiday = await api.post('/goals', {
    name: 'Summer in Cornwall', targetAmount: '1200', targetDate: londonDay(180), category: 'vacation',
  })
  await api.post(`/goals/${holiday._id}/contributions`, { amount: '450', date: londonDay(-3) })
  const items = [
    { name: 'Semi-skimmed milk', category: 'Dairy', currentStock: 0, defaultNeeded: 2, lastPrice: '1.15', preferredStore: 'Tesco' },
    { name: 'Free-range eggs', category: 'Dairy', currentStock: 1, defaultNeeded: 2, lastPrice: '2.30', preferredStore: 'Aldi' },
    { name: 'Wholemeal bread', category: 'Bakery', currentStock: 0, defaultNeeded: 1, lastPrice: '1.45', preferredStore: "Sainsbury's" },
    { name: 'Washing-up liquid', category: 'Household', currentStock: 4, defaultNeeded: 1, lastPrice: '1.80' },
  ]
  for (const [i, item] of items.entries()) {
    const created = await api.post('/inventory-items', item)
    if (i < 3) await api.post('/shopping-list', { inventoryItemId: created._id, quantityToBuy: i + 1, addedManually: true })
  }
}

async function capture(browser: Browser, storageState: BrowserContextOptions['storageState'], shot: Shot) {
  const context = await browser.newContext({ ...DEVICES[shot.device], storageState, colorScheme: shot.mode })
  await context.addInitScript((mode) => window.localStorage.setItem('myspending-color-mode', mode), shot.mode)
  const page = await context.newPage()
  try {
    for (const screen of SCREENS.filter((s) => shot.screens.includes(s.name))) {
      await page.goto(screen.path)
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Charts and cards fade and grow in; let them finish.
      await page.waitForTimeout(1200)
      await page.screenshot({ path: join(out, `${screen.name}-${shot.device}-${shot.mode}.png`) })
    }
  } finally {
    await context.close()
  }
}

test.describe('README screenshots', () => {
  test.skip(!out, 'set SCREENSHOTS_DIR to write the README screenshots')

  test('the main screens at phone and desktop width, light and dark', async ({ page, request, browser }) => {
    test.setTimeout(300_000)
    mkdirSync(out, { recursive: true })
    await signUpFreshUser(page, request, 'Alex Morgan', `alex.morgan-${Date.now()}@example.com`)
    await seed(page, request)
    const storageState = await page.context().storageState()
    for (const shot of SHOTS) await test.step(`${shot.device} ${shot.mode}`, () => capture(browser, storageState, shot))
  })
})
