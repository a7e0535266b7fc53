import { expect, type Locator, type Page, test } from '@playwright/test'

import { expectNoAxeViolations } from './support/axe'
import { money, phonePhoto, sessionApi, signUpFreshUser } from './support/ledger'
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

/** A Label → value line of the item page's Details. */
function detail(page: Page, label: string) {
  return page.locator('.chakra-data-list__item').filter({ has: page.getByText(label, { exact: true }) })
}

test('on a phone an item is added, runs low, is bought on a trip and paid from an account', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Polly Pantry', `polly.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Phone Current', type: 'current', initialBalance: '1234.56' })
  // The dashboard already loaded the (then empty) account list: start afresh, as the other journeys do.
  await page.reload()

  // The account's balance before the trip, as the accounts page shows it.
  await followSidebar(page, 'Accounts')
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible()
  const account = page.getByTestId('account-card').filter({ hasText: 'Phone Current' })
  await expect(account.getByTestId('account-balance')).toHaveText(money(OPENING_PENCE))

  // Inventory through the drawer: nothing there yet.
  await followSidebar(page, 'Inventory')
  await expect(page).toHaveURL(/\/inventory$/)
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible()
  await expect(page.getByText('No inventory items yet')).toBeVisible()

  // Add the oat milk through the dialog, which fills the phone's screen and no more.
  await page.getByRole('button', { name: 'Add Item', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Item' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Name', { exact: true }).fill(ITEM)
  await dialog.getByLabel('Category', { exact: true }).fill('Dairy')
  await dialog.getByLabel('Current Stock').fill('1')
  await dialog.getByLabel('Default Needed').fill('3')
  await dialog.getByLabel('Last Price').fill('1.45')
  await dialog.getByLabel('Unit').selectOption(UNIT)
  await dialog.getByLabel('Preferred Store (Optional)').fill(STORE)
  await expectNoSidewaysScroll(page, 'the item dialog')
  for (const part of [
    dialog.getByLabel('Name', { exact: true }),
    dialog.getByLabel('Current Stock'),
    dialog.getByLabel('Default Needed'),
    dialog.getByLabel('Unit'),
    dialog.getByLabel('Preferred Store (Optional)'),
    dialog.getByRole('button', { name: 'Close' }),
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Add', exact: true }),
  ]) {
    await part.scrollIntoViewIfNeeded()
    await expect(part).toBeInViewport({ ratio: 1 })
    await expectInsideWidth(part, 'item dialog')
  }
  await dialog.getByLabel('Name', { exact: true }).scrollIntoViewIfNeeded()
  await expectNoAxeViolations(page, 'the item dialog')
  await shot(page, 'phone-inventory-item-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()

  // A row, not the table: the name, its stock chip and the decrement button.
  const row = page.getByTestId('inventory-row').filter({ hasText: ITEM })
  await expect(row).toBeVisible()
  await expect(page.getByRole('table', { name: 'Inventory items' })).toHaveCount(0)
  const chip = row.getByTestId('stock-chip')
  await expect(chip).toHaveText(`1 ${UNIT} in stock`)
  // £1.45 × 3 needed; £1.45 × 1 in stock.
  await expect(page.getByTestId('grand-total')).toHaveText(money(435))
  await expect(page.getByTestId('stock-value')).toHaveText(money(145))
  await expectNoSidewaysScroll(page, 'the inventory list')
  await expectInsideWidth(row.getByRole('button', { name: `Use one ${ITEM}` }), 'decrement button')
  await expectNoAxeViolations(page, 'the inventory list')
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, 'phone-inventory')

  // Use one: none left, so it goes on the shopping list by itself.
  const useOne = row.getByRole('button', { name: `Use one ${ITEM}` })
  await useOne.tap()
  await expect(chip).toHaveText(`0 ${UNIT} in stock`)
  await expect(chip).toHaveAttribute('data-palette', 'red')
  await expect(useOne).toBeDisabled()
  await expect(page.getByTestId('stock-value')).toHaveText(money(0))

  // The row opens the item's page.
  await row.getByRole('link', { name: ITEM }).tap()
  await expect(page).toHaveURL(/\/inventory\/[0-9a-f-]+$/)
  await expect(page.getByRole('heading', { name: ITEM, level: 1 })).toBeVisible()
  await expect(page.getByTestId('stock-label')).toHaveText(`0 ${UNIT} in stock`)
  await expect(detail(page, 'Category')).toContainText('Dairy')
  await expect(detail(page, 'Last Price')).toContainText(money(145))
  await expect(detail(page, 'Preferred Store')).toContainText(STORE)
  await expect(detail(page, 'Default Needed')).toContainText(`3 ${UNIT}`)
  await expect(detail(page, 'Total Value')).toContainText(money(435))
  await expectNoSidewaysScroll(page, 'the item page')
  await shot(page, 'phone-inventory-item')
  await page.getByRole('link', { name: 'Back to Inventory' }).tap()
  await expect(page).toHaveURL(/\/inventory$/)
  await expect(row).toBeVisible()

  // The shopping list, through the drawer: the entry asks for what is missing, 3 − 0.
  await followSidebar(page, 'Shopping List')
  await expect(page).toHaveURL(/\/shopping-list$/)
  await expect(page.getByRole('heading', { name: 'Shopping List', level: 1 })).toBeVisible()
  const entries = page.getByRole('list', { name: 'Items to buy' }).getByRole('listitem')
  await expect(entries).toHaveCount(1)
  const entry = entries.filter({ hasText: ITEM })
  await expect(entry).toContainText('Auto-added')
  await expect(entry).toContainText('3 items')
  await expect(entry).toContainText(`Stock: 0 ${UNIT}`)
  await expect(entry.getByLabel('Qty')).toHaveValue('3')
  await expect(entry.getByLabel('Price')).toHaveValue('1.45')
  await expect(entry.getByLabel('Store')).toHaveValue(STORE)
  await expect(entry.getByTestId('line-total')).toHaveText(money(3 * 145))

  // Four at £2.35: the quantity is saved when the field is left.
  await entry.getByLabel('Qty').fill(String(BOUGHT))
  await entry.getByLabel('Price').fill('2.35')
  await expect(entry).toContainText(`${BOUGHT} items`)
  await expect(entry.getByTestId('line-total')).toHaveText(money(TRIP_PENCE))
  await expectNoSidewaysScroll(page, 'the shopping list')
  await expectInsideWidth(entry.getByRole('button', { name: `Remove ${ITEM} from shopping list` }), 'remove button')
  await expectNoAxeViolations(page, 'the shopping list')
  await page.evaluate(() => window.scrollTo(0, 0))
  await shot(page, 'phone-shopping-list')

  await entry.getByRole('checkbox', { name: `Buy ${ITEM}` }).check({ force: true })
  const complete = page.getByRole('button', { name: `Complete (1) - ${money(TRIP_PENCE)}` })
  await expect(complete).toBeInViewport({ ratio: 1 })
  await expectInsideWidth(complete, 'complete button')
  await expectNoSidewaysScroll(page, 'the shopping list with a ticked entry')
  await shot(page, 'phone-shopping-list-ticked', { fullPage: false })

  await complete.tap()
  const trip = page.getByRole('dialog', { name: 'Complete Shopping Trip' })
  await expect(trip.getByTestId('trip-summary')).toContainText(money(TRIP_PENCE))
  await trip.getByLabel('Account').selectOption({ label: 'Phone Current (Current Account)' })
  await expectNoSidewaysScroll(page, 'the trip dialog')
  await expectInsideWidth(trip.getByRole('button', { name: 'Complete Purchase' }), 'complete purchase button')
  await shot(page, 'phone-shopping-trip', { fullPage: false })
  await trip.getByRole('button', { name: 'Complete Purchase' }).click()

  // The expense, dated today, from the account.
  await expect(page).toHaveURL(/\/transactions$/)
  const expense = page.getByRole('region', { name: 'Today' }).getByTestId('transaction-row').filter({ hasText: `Shopping: ${STORE}` })
  await expect(expense).toContainText(`-${money(TRIP_PENCE)}`)
  await expect(expense).toContainText('Phone Current')
  await expect(expense).toContainText(`Balance ${money(OPENING_PENCE - TRIP_PENCE)}`)

  // The entry left the list.
  await followSidebar(page, 'Shopping List')
  await expect(page.getByText('Your shopping list is empty')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Items to buy' })).toHaveCount(0)

  // The stock went up by what was bought, at the new price.
  await followSidebar(page, 'Inventory')
  await expect(chip).toHaveText(`${BOUGHT} ${UNIT} in stock`)
  await expect(page.getByTestId('stock-value')).toHaveText(money(BOUGHT * PRICE_PENCE))

  // The balance fell by exactly the trip's total.
  await followSidebar(page, 'Accounts')
  await expect(account.getByTestId('account-balance')).toHaveText(money(OPENING_PENCE - TRIP_PENCE))
  await expect(account.getByTestId('account-breakdown')).toContainText(`Expenses -${money(TRIP_PENCE)}`)
})

test('a photo taken with the phone held upright is shown upright on the item page', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Otto Upright', `otto.${stamp}@e2e.test`)
  // Landscape pixels, red at their top-left, with EXIF Orientation 6: held upright, the red is top right.
  const photo = await phonePhoto(page)

  await followSidebar(page, 'Inventory')
  await page.getByRole('button', { name: 'Add Item', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Item' })
  await dialog.getByLabel('Name', { exact: true }).fill('Porridge oats')
  await dialog.getByLabel('Category', { exact: true }).fill('Pantry')
  await dialog.getByLabel('Current Stock').fill('1')
  await dialog.getByLabel('Default Needed').fill('1')
  await dialog.getByTestId('photo-file-input').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(dialog.getByRole('img', { name: 'Item photo preview' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()

  await page.getByTestId('inventory-row').filter({ hasText: 'Porridge oats' }).getByRole('link', { name: 'Porridge oats' }).tap()
  const shown = page.getByRole('img', { name: 'Porridge oats' })
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
