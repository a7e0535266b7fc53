import { expect, type Locator, type Page, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { InventoryScreen, ItemScreen, ShoppingListScreen } from './support/inventory'
import { AccountsScreen, money, phonePhoto, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { shot } from './support/shots'
import { followSidebar } from './support/users'

const stamp = Date.now()

const PHONE = 375
const ITEM = 'Oat milk'
const STORE = 'Corner Shop'
const UNIT = 'carton'
const OPENING_PENCE = 123_456
/** The trip: 4 cartons at £2.35. */
const BOUGHT = 4
const PRICE_PENCE = 235
const TRIP_PENCE = BOUGHT * PRICE_PENCE

/** The page is no wider than the phone: nothing pokes out to the side. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${screen} scrolls sideways at ${PHONE}px`).toBeLessThanOrEqual(PHONE)
}

/** The part lies wholly inside the phone's width. */
async function expectInsideWidth(part: Locator, what: string) {
  const box = (await part.boundingBox())!
  expect(box.x, `${what}: left edge on screen`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(PHONE)
}

test('on a phone an item is added, runs low, is bought on a trip and paid from an account', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Polly Pantry', `polly.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Phone Current', type: 'current', initialBalance: '1234.56' })
  // The dashboard already loaded the (then empty) account list: start afresh, as the other journeys do.
  await page.reload()
  const accounts = new AccountsScreen(page)
  const inventory = new InventoryScreen(page)
  const item = new ItemScreen(page)
  const shopping = new ShoppingListScreen(page)

  // The account's balance before the trip, as the accounts page shows it.
  await followSidebar(page, 'Accounts')
  await expect(accounts.heading).toBeVisible()
  await expect(accounts.balance('Phone Current')).toHaveText(money(OPENING_PENCE))

  // Inventory through the drawer: nothing there yet.
  await followSidebar(page, 'Inventory')
  await expect(page).toHaveURL(/\/inventory$/)
  await expect(inventory.heading).toBeVisible()
  await expect(page.getByText('No inventory items yet')).toBeVisible()

  // Add the oat milk through the dialog, which fills the phone's screen and no more.
  await inventory.addItem.click()
  const dialog = inventory.dialog
  await expect(dialog.root).toBeVisible()
  await dialog.fill({ name: ITEM, category: 'Dairy', stock: '1', needed: '3', lastPrice: '1.45', unit: UNIT, store: STORE })
  await expectNoSidewaysScroll(page, 'the item dialog')
  for (const part of [dialog.name, dialog.stock, dialog.needed, dialog.unit, dialog.store, dialog.close, dialog.cancel, dialog.add]) {
    await part.scrollIntoViewIfNeeded()
    await expect(part).toBeInViewport({ ratio: 1 })
    await expectInsideWidth(part, 'item dialog')
  }
  await dialog.name.scrollIntoViewIfNeeded()
  await expectNoAxeViolations(page, 'the item dialog')
  await shot(page, 'phone-inventory-item-dialog', { fullPage: false })
  await dialog.submit()

  // A row, not the table: the name, its stock chip and the decrement button.
  const row = inventory.row(ITEM)
  await expect(row).toBeVisible()
  await expect(inventory.table).toHaveCount(0)
  const chip = inventory.stockChip(ITEM)
  await expect(chip).toHaveText(`1 ${UNIT} in stock`)
  // £1.45 × 3 needed; £1.45 × 1 in stock.
  await expect(inventory.grandTotal).toHaveText(money(435))
  await expect(inventory.stockValue).toHaveText(money(145))
  await expectNoSidewaysScroll(page, 'the inventory list')
  const useOne = inventory.useOne(ITEM)
  await expectInsideWidth(useOne, 'decrement button')
  await expectNoAxeViolations(page, 'the inventory list')
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, 'phone-inventory')

  // Use one: none left, so it goes on the shopping list by itself.
  await useOne.tap()
  await expect(chip).toHaveText(`0 ${UNIT}s in stock`)
  await expect(chip).toHaveAttribute('data-palette', 'red')
  await expect(useOne).toBeDisabled()
  await expect(inventory.stockValue).toHaveText(money(0))

  // The row opens the item's page.
  await inventory.itemLink(ITEM).tap()
  await expect(page).toHaveURL(/\/inventory\/[0-9a-f-]+$/)
  await expect(item.heading(ITEM, 1)).toBeVisible()
  await expect(item.stockLabel).toHaveText(`0 ${UNIT}s in stock`)
  await expect(item.detail('Category')).toContainText('Dairy')
  await expect(item.detail('Last Price')).toContainText(money(145))
  await expect(item.detail('Preferred Store')).toContainText(STORE)
  await expect(item.detail('Default Needed')).toContainText(`3 ${UNIT}`)
  await expect(item.detail('Total Value')).toContainText(money(435))
  await expectNoSidewaysScroll(page, 'the item page')
  await shot(page, 'phone-inventory-item')
  await item.backToInventory.tap()
  await expect(page).toHaveURL(/\/inventory$/)
  await expect(row).toBeVisible()

  // The shopping list, through the drawer: the entry asks for what is missing, 3 − 0.
  await followSidebar(page, 'Shopping List')
  await expect(page).toHaveURL(/\/shopping-list$/)
  await expect(shopping.heading).toBeVisible()
  await expect(shopping.entries).toHaveCount(1)
  const entry = shopping.entry(ITEM)
  await expect(entry.root).toContainText('3 items')
  await expect(entry.root).toContainText(`${money(145)} each`)
  await expect(entry.root).not.toContainText('Stock value')
  // One line on a phone: several entries fit a screen; the rest opens on demand.
  expect((await entry.root.boundingBox())!.height).toBeLessThanOrEqual(80)
  await entry.open()
  await expect(entry.root).toContainText('Auto-added')
  await expect(entry.root).toContainText(`Stock: 0 ${UNIT}s`)
  await expect(entry.qty).toHaveValue('3')
  await expect(entry.price).toHaveValue('1.45')
  await expect(entry.store).toHaveValue(STORE)
  await expect(entry.lineTotal).toHaveText(money(3 * 145))

  // Four at £2.35: the quantity is saved when the field is left.
  await entry.qty.fill(String(BOUGHT))
  await entry.price.fill('2.35')
  await expect(entry.root).toContainText(`${BOUGHT} items`)
  await expect(entry.lineTotal).toHaveText(money(TRIP_PENCE))
  await expectNoSidewaysScroll(page, 'the shopping list')
  await expectInsideWidth(entry.remove, 'remove button')
  await expectNoAxeViolations(page, 'the shopping list')
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, 'phone-shopping-list')

  await entry.buy.check({ force: true })
  const complete = shopping.complete(1, money(TRIP_PENCE))
  await expect(complete).toBeInViewport({ ratio: 1 })
  // Scrolled to the end, the floating bar sits below the last entry, never over it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(async () => {
    const last = (await shopping.entries.last().boundingBox())!
    const bar = (await shopping.completeBar.boundingBox())!
    expect(last.y + last.height).toBeLessThanOrEqual(bar.y)
  }).toPass()
  await expectInsideWidth(complete, 'complete button')
  await expectNoSidewaysScroll(page, 'the shopping list with a ticked entry')
  await shot(page, 'phone-shopping-list-ticked', { fullPage: false })

  await complete.tap()
  const trip = shopping.trip
  await expect(trip.summary).toContainText(money(TRIP_PENCE))
  await trip.account.selectOption({ label: 'Phone Current (Current Account)' })
  await expectNoSidewaysScroll(page, 'the trip dialog')
  await expectInsideWidth(trip.completePurchase, 'complete purchase button')
  await shot(page, 'phone-shopping-trip', { fullPage: false })
  await trip.completePurchase.click()

  // The expense, dated today, from the account.
  await expect(page).toHaveURL(/\/transactions$/)
  const expense = new TransactionsScreen(page).day('Today').getByTestId('transaction-row').filter({ hasText: `Shopping: ${STORE}` })
  await expect(expense).toContainText(`-${money(TRIP_PENCE)}`)
  await expect(expense).toContainText('Phone Current')
  await expect(expense).toContainText(`Balance ${money(OPENING_PENCE - TRIP_PENCE)}`)

  // The entry left the list.
  await followSidebar(page, 'Shopping List')
  await expect(page.getByText('Your shopping list is empty')).toBeVisible()
  await expect(shopping.list).toHaveCount(0)

  // The stock went up by what was bought, at the new price.
  await followSidebar(page, 'Inventory')
  await expect(chip).toHaveText(`${BOUGHT} ${UNIT}s in stock`)
  await expect(inventory.stockValue).toHaveText(money(BOUGHT * PRICE_PENCE))

  // The balance fell by exactly the trip's total.
  await followSidebar(page, 'Accounts')
  await expect(accounts.balance('Phone Current')).toHaveText(money(OPENING_PENCE - TRIP_PENCE))
  await expect(accounts.breakdown('Phone Current')).toContainText(`Expenses -${money(TRIP_PENCE)}`)
})

test('a photo taken with the phone held upright is shown upright on the item page', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Otto Upright', `otto.${stamp}@e2e.test`)
  // Landscape pixels, red at their top-left, with EXIF Orientation 6: held upright, the red is top right.
  const photo = await phonePhoto(page)

  await followSidebar(page, 'Inventory')
  const inventory = new InventoryScreen(page)
  await inventory.addItem.click()
  const dialog = inventory.dialog
  await dialog.fill({ name: 'Porridge oats', category: 'Pantry', stock: '1', needed: '1' })
  await dialog.attachPhoto({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(dialog.photoPreview).toBeVisible()
  await dialog.submit()

  await inventory.itemLink('Porridge oats').tap()
  const shown = new ItemScreen(page).photo('Porridge oats')
  await expect(shown).toBeVisible()
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  // The stored photo carries no EXIF for the browser to turn it by: its pixels must be upright.
  const pixels = await shown.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(img, 0, 0)
    const red = (x: number, y: number) => {
      const [r, g, b] = context.getImageData(Math.floor(x * img.naturalWidth), Math.floor(y * img.naturalHeight), 1, 1).data
      return r! > 200 && g! < 60 && b! < 60
    }
    return {
      width: img.naturalWidth,
      height: img.naturalHeight,
      red: { topLeft: red(0.25, 0.25), topRight: red(0.75, 0.25), bottomLeft: red(0.25, 0.75), bottomRight: red(0.75, 0.75) },
    }
  })
  expect(pixels.width).toBeLessThan(pixels.height)
  expect(pixels.red).toEqual({ topLeft: false, topRight: true, bottomLeft: false, bottomRight: false })
})
