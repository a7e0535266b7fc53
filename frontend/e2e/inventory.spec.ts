import { expect, test, type Page } from '@playwright/test'

import { PNG, sessionApi, signUpFreshUser } from './support/ledger'
import { shotBothFromTop } from './support/shots'

const stamp = Date.now()

/** Opens 'Add New Item' on /inventory and fills in the item; answers the dialog, not yet sent. */
async function fillNewItem(page: Page, item: { name: string; category: string; stock: string; needed: string }) {
  await page.getByRole('button', { name: /^(Add Item|Add First Item)$/ }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add New Item' })
  await dialog.getByLabel('Name', { exact: true }).fill(item.name)
  await dialog.getByLabel('Category', { exact: true }).fill(item.category)
  await dialog.getByLabel('Current Stock').fill(item.stock)
  await dialog.getByLabel('Default Needed').fill(item.needed)
  return dialog
}

test('an item with a photo runs low, is auto-added, bought on a trip and paid from an account', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Ivy Inventory', `ivy.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  const current = await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '50.00' })

  await page.goto('/inventory')
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible()
  await expect(page.getByText('No inventory items yet')).toBeVisible()

  // Add the milk with a photo, previewed before it is sent.
  const dialog = await fillNewItem(page, { name: 'Semi-skimmed milk', category: 'Dairy', stock: '2', needed: '2' })
  await dialog.getByLabel('Last Price').fill('1.15')
  await dialog.getByTestId('photo-file-input').setInputFiles({ name: 'milk.png', mimeType: 'image/png', buffer: PNG })
  await expect(dialog.getByRole('img', { name: 'Item photo preview' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row', { name: /Semi-skimmed milk/ })
  await expect(row).toBeVisible()

  // The stored photo is served as a JPEG from /uploads.
  const items = (await api.get('/inventory-items')).data as { _id: string; image: string }[]
  expect(items[0]!.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/)
  const photo = await request.get(items[0]!.image)
  expect(photo.headers()['content-type']).toBe('image/jpeg')

  await shotBothFromTop(page, 'inventory')
  await page.goto(`/inventory/${items[0]!._id}`)
  await expect(page.getByRole('heading', { name: 'Semi-skimmed milk' })).toBeVisible()
  await shotBothFromTop(page, 'inventory-item')
  await page.goto('/inventory')

  // One used: below the need, so it goes on the shopping list by itself.
  await page.getByRole('button', { name: 'Use one Semi-skimmed milk' }).click()
  await expect(row).toContainText('1')
  await page.goto('/shopping-list')
  await expect(page.getByRole('heading', { name: 'Shopping List', level: 1 })).toBeVisible()
  const entry = page.getByRole('list', { name: 'Items to buy' }).getByRole('listitem').filter({ hasText: 'Semi-skimmed milk' })
  await expect(entry).toContainText('Auto-added')

  // Tick it and buy it at £1.20 from the current account.
  await entry.getByLabel('Price').fill('1.20')
  await entry.getByRole('checkbox', { name: 'Buy Semi-skimmed milk' }).check({ force: true })
  await shotBothFromTop(page, 'shopping-list')
  await page.getByRole('button', { name: 'Complete (1) - £1.20' }).click()
  const trip = page.getByRole('dialog', { name: 'Complete Shopping Trip' })
  await trip.getByLabel('Account').selectOption({ index: 1 })
  await trip.getByRole('button', { name: 'Complete Purchase' }).click()
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
  await page.getByRole('link', { name: 'Manage Inventory' }).click()
  const dialog = await fillNewItem(page, { name: 'Milk', category: 'Dairy', stock: '0', needed: '2' })
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()

  // Out of stock and needed: on the list by itself, for what is missing.
  await page.getByRole('link', { name: 'Back to Shopping List' }).click()
  await expect(page).toHaveURL(/\/shopping-list$/)
  const entries = page.getByRole('list', { name: 'Items to buy' }).getByRole('listitem')
  await expect(entries).toHaveCount(1)
  await expect(entries.filter({ hasText: 'Milk' })).toContainText('Auto-added')
  await expect(entries.filter({ hasText: 'Milk' }).getByLabel('Qty')).toHaveValue('2')

  // The dashboard counts the same list.
  await page.goto('/dashboard')
  await expect(page.getByTestId('running-low-count')).toContainText('1 item to restock')
})
