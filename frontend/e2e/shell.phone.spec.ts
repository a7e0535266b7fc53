import { expect, type Locator, test } from './support/test'

import { AuthScreen } from './support/auth'
import { DashboardScreen } from './support/dashboard'
import { GoalsScreen } from './support/goals'
import { InventoryScreen } from './support/inventory'
import { londonDay, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { AppShell } from './support/shell'
import { shot } from './support/shots'
import { ADMIN } from './support/users'

/** The least a finger can hit reliably (WCAG 2.5.5, Apple's and Google's guides). */
const TAP = 44

/** The target is at least 44 × 44 px on screen. */
async function expectTappable(target: Locator, what: string) {
  const box = (await target.boundingBox())!
  expect(box, `${what} is on screen`).not.toBeNull()
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(TAP)
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(TAP)
}

test('on a phone the sidebar is a drawer behind the menu button', async ({ page }) => {
  const shell = new AppShell(page)
  await page.goto('/login')
  await new AuthScreen(page).logIn(ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  // The top bar names the screen; the greeting is the dashboard's own.
  await expect(shell.topBarTitle).toHaveText('Dashboard')
  await expect(page.getByText('Hello, Ada Admin')).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada Admin!$/ })).toBeVisible()
  await shot(page, 'phone-dashboard')

  await shell.menuButton.click()
  await expect(shell.drawerLink('Dashboard')).toBeVisible()
  await shot(page, 'phone-drawer')
  await shell.drawerLink('Transactions').click()
  await expect(page).toHaveURL(/\/transactions$/)
  await expect(shell.topBarTitle).toHaveText('Transactions')
})

test('on a phone the shell, the drawer and the inventory list are at least 44 px to the finger', async ({ page, request }) => {
  const shell = new AppShell(page)
  const inventory = new InventoryScreen(page)
  await signUpFreshUser(page, request, 'Tess Tapper', `tess.${Date.now()}@e2e.test`)
  const api = await sessionApi(page, request)
  await api.post('/inventory-items', { name: 'Tea bags', category: 'Drinks', currentStock: 1, defaultNeeded: 2, lastPrice: '3.10', unit: 'box' })

  await expectTappable(shell.menuButton, 'the menu button')
  await expectTappable(shell.accountMenu, 'the account menu')

  await shell.menuButton.click()
  await expect(shell.drawer).toBeVisible()
  await expectTappable(shell.drawerClose, 'the drawer’s close button')
  const links = await shell.drawerLinks.all()
  expect(links.length).toBeGreaterThan(5)
  for (const link of links) await expectTappable(link, `the drawer’s ${await link.innerText()}`)
  await shell.drawerClose.click()
  await expect(shell.drawer).toBeHidden()

  await shell.follow('Inventory')
  await expect(inventory.heading).toBeVisible()
  await expect(shell.topBarTitle).toHaveText('Inventory')
  await expectTappable(inventory.itemLink('Tea bags'), 'an inventory item’s link')
  await expectTappable(inventory.useOne('Tea bags'), 'an item’s Use one')
  // The header's two buttons sit side by side, not in a staircase.
  await expectTappable(inventory.backToShoppingList, 'Back to Shopping List')
  await expectTappable(inventory.addItem, 'Add Item')
  const [back, add] = [(await inventory.backToShoppingList.boundingBox())!, (await inventory.addItem.boundingBox())!]
  expect(Math.abs(back.y - add.y), 'one row').toBeLessThan(2)

  await api.post('/goals', { name: 'Rainy day', targetAmount: '500', targetDate: londonDay(90), category: 'other' })
  await shell.follow('Goals')
  await expectTappable(page.getByRole('button', { name: 'Add Contribution' }).first(), 'a goal’s Add Contribution')
})

test('on a phone the ledger screens fit: one header row, whole account names, tiles that show they scroll, rows clear of the floating button', async ({ page, request }) => {
  const shell = new AppShell(page)
  const tx = new TransactionsScreen(page)
  const goals = new GoalsScreen(page)
  const dashboard = new DashboardScreen(page)
  await signUpFreshUser(page, request, 'Phoebe Phone', `phoebe.${Date.now()}@e2e.test`)
  const api = await sessionApi(page, request)
  const account = 'Nationwide FlexDirect Joint Current Account'
  const current = await api.post('/accounts', { name: account, type: 'current', initialBalance: '800.00' })
  await api.post('/transactions', {
    accountId: current._id, amount: '12.40', type: 'expense', description: 'Lunch', categoryId: api.categoryId('Groceries'), date: londonDay(0), notes: '',
  })
  for (const [name, days] of [['Holiday', 90], ['New bike', 40], ['Laptop', 200]] as const) {
    await api.post('/goals', { name, targetAmount: '500', targetDate: londonDay(days), category: 'purchase' })
  }

  await test.step('the dashboard’s tiles fade at the end that hides more, until scrolled there', async () => {
    await page.reload()
    const strip = dashboard.summaryStrip
    await expect(strip).toHaveAttribute('data-more-end', '')
    await expect(strip).not.toHaveAttribute('data-more-start', '')
    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
    await expect(strip).toHaveAttribute('data-more-start', '')
    await expect(strip).not.toHaveAttribute('data-more-end', '')
  })

  await test.step('the transactions header is one row: the heading, Add and More', async () => {
    await tx.open()
    await expect(shell.topBarTitle).toHaveText('Transactions')
    const heading = (await tx.heading.boundingBox())!
    for (const button of [tx.addButton, tx.more]) {
      await expectTappable(button, 'a header button')
      const box = (await button.boundingBox())!
      // On the heading's line: the button's middle is within the heading's height.
      expect(Math.abs(box.y + box.height / 2 - (heading.y + heading.height / 2))).toBeLessThan(heading.height / 2)
    }
    await expect(tx.exportCsv).toBeHidden()
    await tx.more.click()
    await expect(tx.moreItem('Import statement')).toBeVisible()
    await expect(tx.moreItem('Export CSV')).toBeVisible()
    await tx.moreItem('Import statement').click()
    await expect(page).toHaveURL(/\/import$/)
    await expect(shell.topBarTitle).toHaveText('Import statement')
  })

  await test.step('a row shows the whole account name on its own line', async () => {
    await tx.open()
    await expect(tx.phoneRow('Lunch').getByTestId('transaction-row-account')).toHaveText(account)
    const overflows = await tx.phoneRow('Lunch').getByTestId('transaction-row-account').evaluate((el) => el.scrollWidth > el.clientWidth)
    expect(overflows).toBe(false)
  })

  await test.step('the last goal scrolls clear of the floating Add New Goal', async () => {
    await shell.follow('Goals')
    await expect(goals.heading).toBeVisible()
    await expect(goals.card('Laptop')).toBeVisible()
    const last = page.getByRole('group', { name: / goal$/ }).last()
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }))
    const fab = (await page.getByRole('button', { name: 'Add New Goal' }).boundingBox())!
    const card = (await last.boundingBox())!
    expect(card.y + card.height, 'the last card ends above the floating button').toBeLessThanOrEqual(fab.y)
  })
})
