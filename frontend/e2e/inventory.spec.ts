import { expect, test } from './support/test'

import { DashboardScreen } from './support/dashboard'
import { InventoryScreen, ItemScreen, ShoppingListScreen } from './support/inventory'
import { PNG, sessionApi, signUpFreshUser } from './support/ledger'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()

test('an item with a photo runs low, is auto-added, bought on a trip and paid from an account', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Ivy Inventory', `ivy.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '50.00' })

  const inventory = new InventoryScreen(page)
  await inventory.open()
  await expect(page.getByText('No inventory items yet')).toBeVisible()

  // Add the milk with a photo, previewed before it is sent.
  const dialog = await inventory.fillNewItem({ name: 'Semi-skimmed milk', category: 'Dairy', stock: '2', needed: '2', lastPrice: '1.15' })
  await dialog.attachPhoto({ name: 'milk.png', mimeType: 'image/png', buffer: PNG })
  await expect(dialog.photoPreview).toBeVisible()
  await dialog.submit()
  const row = inventory.tableRow('Semi-skimmed milk')
  await expect(row).toBeVisible()

  // The stored photo is served as a JPEG from /uploads.
  const items = (await api.get('/inventory-items')).data as { _id: string; image: string }[]
  expect(items[0]!.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/)
  const photo = await request.get(items[0]!.image)
  expect(photo.headers()['content-type']).toBe('image/jpeg')

  await shotBothFromTop(page, 'inventory')
  await page.goto(`/inventory/${items[0]!._id}`)
  await expect(new ItemScreen(page).heading('Semi-skimmed milk')).toBeVisible()
  await shotBothFromTop(page, 'inventory-item')
  await page.goto('/inventory')

  // One used: below the need, so it goes on the shopping list by itself.
  await inventory.useOne('Semi-skimmed milk').click()
  await expect(row).toContainText('1')
  const shopping = new ShoppingListScreen(page)
  await shopping.open()
  const entry = shopping.entry('Semi-skimmed milk')
  await entry.open()
  await expect(entry.root).toContainText('Auto-added')

  // Tick it and buy it at £1.20 from the current account.
  await entry.price.fill('1.20')
  await entry.buy.check({ force: true })
  await shotBothFromTop(page, 'shopping-list')
  await shopping.complete(1, '£1.20').click()
  await shopping.trip.account.selectOption({ index: 1 })
  await shopping.trip.completePurchase.click()
  await expect(page).toHaveURL(/\/transactions$/)
  await expect(page.getByRole('row', { name: /Shopping: Shopping trip/ })).toContainText('-£1.20')

  const { accounts } = (await api.get('/accounts')).data as { accounts: { _id: string; currentBalance: number }[] }
  expect(accounts.find((a) => a._id === current._id)?.currentBalance).toBe(48.8)
  const restocked = (await api.get('/inventory-items')).data as { currentStock: number; lastPrice: number }[]
  expect(restocked[0]).toMatchObject({ currentStock: 2, lastPrice: 1.2 })
})

test('an item added with none in stock is on the shopping list at once and counted on the dashboard', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Rita Restock', `rita.${stamp}@e2e.test`)

  // The empty list, seen first: the item's creation must refresh it, not a reload.
  await page.goto('/shopping-list')
  await expect(page.getByText('Your shopping list is empty')).toBeVisible()
  const shopping = new ShoppingListScreen(page)
  const inventory = new InventoryScreen(page)
  await shopping.manageInventory.click()
  const dialog = await inventory.fillNewItem({ name: 'Milk', category: 'Dairy', stock: '0', needed: '2' })
  await dialog.submit()

  // Out of stock and needed: on the list by itself, for what is missing.
  await inventory.backToShoppingList.click()
  await expect(page).toHaveURL(/\/shopping-list$/)
  await expect(shopping.entries).toHaveCount(1)
  await shopping.entry('Milk').open()
  await expect(shopping.entry('Milk').root).toContainText('Auto-added')
  await expect(shopping.entry('Milk').qty).toHaveValue('2')

  // The dashboard counts the same list.
  await page.goto('/dashboard')
  await expect(new DashboardScreen(page).runningLowCount).toContainText('1 item to restock')
})

test('the unit list starts with metric measures and names pounds and ounces as weights, never as money', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Wendy Weigh', `wendy.${stamp}@e2e.test`)
  const inventory = new InventoryScreen(page)
  await inventory.open()
  const dialog = await inventory.fillNewItem({ name: 'Plain flour', category: 'Baking', stock: '2', needed: '1', lastPrice: '0.95' })
  const labels = await dialog.unit.locator('option').allTextContents()
  expect(labels.slice(0, 6)).toEqual(['item', 'g (grams)', 'kg (kilograms)', 'ml (millilitres)', 'L (litres)', 'pint (UK, 568 ml)'])
  expect(labels).toContain('oz (ounce weight)')
  expect(labels).toContain('cup (US measure, 240 ml)')
  await dialog.unit.selectOption({ label: 'lb (pound weight)' })
  await dialog.submit()
  // The stored word is the spec's; the screen counts it by its symbol.
  const api = await sessionApi(page, request)
  const items = (await api.get('/inventory-items')).data as { unit: string }[]
  expect(items.map((i) => i.unit)).toEqual(['pound'])
  await expect(inventory.tableRow('Plain flour')).toContainText('2 lb in stock')
})
