import { expect, type Page, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { DashboardScreen } from './support/dashboard'
import { InventoryScreen, ShoppingListScreen } from './support/inventory'
import { sessionApi, signUpFreshUser } from './support/ledger'
import { AppShell } from './support/shell'
import { shot, shotBoth } from './support/shots'

const stamp = Date.now()
const PHONE = 375
const OFFLINE = 'Offline — changes will sync'
const TRIP_REASON = 'You are offline. Completing a trip needs a connection.'

/** The page is no wider than the phone: nothing pokes out to the side. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${screen} scrolls sideways at ${PHONE}px`).toBeLessThanOrEqual(PHONE)
}

/** Waits until the service worker controls the page, reloading until it does. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  for (let i = 0; i < 5; i++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/)
}

test('in a shop without signal the list opens from the phone, and its changes reach the server once', async ({
  page,
  context,
  request,
}) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shopping = new ShoppingListScreen(page)
  const inventory = new InventoryScreen(page)
  const shell = new AppShell(page)
  const banner = shell.offlineBanner
  const dashboard = new DashboardScreen(page)
  await signUpFreshUser(page, request, 'Olive Offline', `olive.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  const milk = await api.post('/inventory-items', {
    name: 'Milk', category: 'Dairy', currentStock: 0, defaultNeeded: 2, lastPrice: '1.15', unit: 'bottle', preferredStore: 'Tesco',
  })
  const bread = await api.post('/inventory-items', {
    name: 'Bread', category: 'Bakery', currentStock: 0, defaultNeeded: 1, lastPrice: '1.20', unit: 'loaf',
  })
  const rice = await api.post('/inventory-items', {
    name: 'Rice', category: 'Pasta & Rice', currentStock: 4, defaultNeeded: 1, lastPrice: '2.00', unit: 'bag',
  })
  await api.post('/shopping-list', { inventoryItemId: milk._id, quantityToBuy: 2, addedManually: true })
  await api.post('/shopping-list', { inventoryItemId: bread._id, quantityToBuy: 1, addedManually: true })

  await test.step('online once: both screens are opened, and the app is kept by the service worker', async () => {
    await page.goto('/shopping-list')
    await expect(shopping.entry('Milk').root).toBeVisible()
    await page.goto('/inventory')
    await expect(inventory.row('Rice')).toBeVisible()
    await waitForServiceWorker(page)
    await page.goto('/shopping-list')
    await expect(shopping.entry('Bread').root).toBeVisible()
    // The dashboard keeps its figures on the device once the page is idle.
    await page.goto('/dashboard')
    await expect(dashboard.runningLowCount).toContainText('2 items to restock')
    await expect(dashboard.offlineNotice).toHaveCount(0)
    await expect.poll(() => dashboard.keptFigures(), { timeout: 15_000 }).toEqual(
      expect.arrayContaining(['dashboard-accounts', 'dashboard-running-low', 'dashboard-summary']),
    )
    await page.goto('/shopping-list')
    await expect(shopping.entry('Bread').root).toBeVisible()
  })

  await context.setOffline(true)

  await test.step('offline: the list opens from the phone, with the banner', async () => {
    await page.reload()
    await expect(shopping.heading).toBeVisible()
    await expect(banner).toContainText(OFFLINE)
    await expect(banner).toContainText('Showing what was saved on this device at')
    await expect(shopping.entry('Milk').root).toContainText('2 items')
    await expect(page.getByText('Failed to fetch shopping list')).toHaveCount(0)
    await expect(shopping.addToList).toBeDisabled()
    expect(errors, 'errors on the offline page').toEqual([])
  })

  await test.step('offline: a tick, a new quantity; completing the trip is refused with the reason', async () => {
    await shopping.entry('Milk').open()
    await shopping.entry('Milk').qty.fill('3')
    await shopping.entry('Milk').qty.press('Tab')
    await expect(shopping.entry('Milk').root).toContainText('3 items')
    await expect(banner).toContainText('1 change waiting.')
    // Before ticking: a ticked row is drawn dimmed, which axe judges on its own (see inventory.phone.spec.ts).
    await expectNoAxeViolations(page, 'the offline shopping list')
    // Ticked from the keyboard: the box is a visually hidden input under its drawn control.
    const tick = shopping.entry('Bread').buy
    await tick.focus()
    await page.keyboard.press('Space')
    await expect(tick).toBeChecked()
    // The tick is the household's: it waits on the phone with the quantity until it can be sent.
    await expect(banner).toContainText('2 changes waiting.')
    const complete = shopping.complete(1)
    await expect(complete).toBeDisabled()
    await expect(page.getByText(TRIP_REASON)).toBeVisible()
    await expectNoSidewaysScroll(page, 'the offline shopping list')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'phone-offline-shopping-list', { fullPage: false })
    await shotBoth(page, 'offline-shopping-list')
  })

  await test.step('offline: a reload keeps the tick and the new quantity', async () => {
    await page.reload()
    await expect(shopping.entry('Bread').buy).toBeChecked()
    await expect(shopping.entry('Milk').root).toContainText('3 items')
    await expect(page.getByText(TRIP_REASON)).toBeVisible()
  })

  await test.step('offline: using one Rice on the inventory shows at once', async () => {
    await shopping.manageInventory.tap()
    await expect(page).toHaveURL(/\/inventory$/)
    await expect(inventory.stockChip('Rice')).toHaveText('4 bags in stock')
    await inventory.useOne('Rice').tap()
    await expect(inventory.stockChip('Rice')).toHaveText('3 bags in stock')
    await expect(banner).toContainText(OFFLINE)
    await expect(banner).toContainText('3 changes waiting.')
    await expect(page.getByRole('button', { name: 'Add Item' })).toBeDisabled()
    await expectNoSidewaysScroll(page, 'the offline inventory')
    await expectNoAxeViolations(page, 'the offline inventory')
    await shot(page, 'phone-offline-inventory', { fullPage: false })
  })

  await test.step('offline: the dashboard says so, and shows the figures the phone kept, with their time', async () => {
    await page.goto('/dashboard')
    await expect(dashboard.offlineNotice).toHaveText(
      /^You are offline\. Showing figures from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
    )
    await expect(dashboard.runningLowCount).toContainText('2 items to restock')
    await expect(dashboard.tile('Transactions')).toHaveText('0')
    await expect(shell.alerts('You appear to be offline')).toHaveCount(0)
    await expectNoSidewaysScroll(page, 'the offline dashboard')
    await expectNoAxeViolations(page, 'the offline dashboard')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'phone-offline-dashboard', { fullPage: false })
    // Back to the inventory, whose banner shows the changes going out below.
    await page.goto('/inventory')
    await expect(banner).toContainText('3 changes waiting.')
  })

  await context.setOffline(false)

  await test.step('back online: the changes are sent, and the server has each exactly once', async () => {
    await expect(banner).toHaveCount(0, { timeout: 20_000 })
    const list = (await api.get('/shopping-list')).data as {
      inventoryItem: { _id: string }
      quantityToBuy: number
      ticked: boolean
    }[]
    expect(list.find((e) => e.inventoryItem._id === milk._id)?.quantityToBuy).toBe(3)
    expect(list.find((e) => e.inventoryItem._id === bread._id)?.quantityToBuy).toBe(1)
    expect(list.find((e) => e.inventoryItem._id === bread._id)?.ticked).toBe(true)
    expect(list.find((e) => e.inventoryItem._id === milk._id)?.ticked).toBe(false)
    const items = (await api.get('/inventory-items')).data as { _id: string; currentStock: number }[]
    expect(items.find((i) => i._id === rice._id)?.currentStock).toBe(3)
    // A later replay (the app starting again) finds nothing left to send: still exactly once.
    await page.reload()
    await expect(inventory.stockChip('Rice')).toHaveText('3 bags in stock')
    const again = (await api.get('/inventory-items')).data as { _id: string; currentStock: number }[]
    expect(again.find((i) => i._id === rice._id)?.currentStock).toBe(3)
    // The trip may be completed again.
    await page.goto('/shopping-list')
    await expect(shopping.complete(1)).toBeEnabled()
    await expect(page.getByText(TRIP_REASON)).toHaveCount(0)
  })

  await test.step('logging out leaves none of the figures on the phone', async () => {
    await page.goto('/dashboard')
    await expect(dashboard.offlineNotice).toHaveCount(0)
    await expect(dashboard.runningLowCount).toBeVisible()
    await shell.chooseFromAccountMenu('Logout')
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => dashboard.keptFigures()).toEqual([])
  })
})
