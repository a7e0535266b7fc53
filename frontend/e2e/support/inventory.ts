import { expect, type Locator, type Page } from '@playwright/test'

export type NewItem = {
  name: string
  category: string
  stock: string
  needed: string
  lastPrice?: string
  /** An option's value of the Unit select. */
  unit?: string
  store?: string
}

/** The 'Add New Item' dialog of /inventory. */
export class ItemDialog {
  readonly root: Locator
  readonly name: Locator
  readonly category: Locator
  readonly stock: Locator
  readonly needed: Locator
  readonly lastPrice: Locator
  readonly unit: Locator
  readonly store: Locator
  readonly photoInput: Locator
  readonly photoPreview: Locator
  readonly close: Locator
  readonly cancel: Locator
  readonly add: Locator

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Add New Item' })
    this.name = this.root.getByLabel('Name', { exact: true })
    this.category = this.root.getByLabel('Category', { exact: true })
    this.stock = this.root.getByLabel('Current Stock')
    this.needed = this.root.getByLabel('Default Needed')
    this.lastPrice = this.root.getByLabel('Last Price')
    this.unit = this.root.getByLabel('Unit')
    this.store = this.root.getByLabel('Preferred Store (Optional)')
    this.photoInput = this.root.getByTestId('photo-file-input')
    this.photoPreview = this.root.getByRole('img', { name: 'Item photo preview' })
    this.close = this.root.getByRole('button', { name: 'Close' })
    this.cancel = this.root.getByRole('button', { name: 'Cancel' })
    this.add = this.root.getByRole('button', { name: 'Add', exact: true })
  }

  /** Fills the fields given, in the form's order; sends nothing. */
  async fill(item: NewItem) {
    await this.name.fill(item.name)
    await this.category.fill(item.category)
    await this.stock.fill(item.stock)
    await this.needed.fill(item.needed)
    if (item.lastPrice !== undefined) await this.lastPrice.fill(item.lastPrice)
    if (item.unit !== undefined) await this.unit.selectOption(item.unit)
    if (item.store !== undefined) await this.store.fill(item.store)
  }

  async attachPhoto(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.photoInput.setInputFiles(file)
  }

  /** Adds the item and waits for the dialog to close. */
  async submit() {
    await this.add.click()
    await expect(this.root).toBeHidden()
  }
}

/** Page object of /inventory (the table on wide screens, rows of cards on phones). */
export class InventoryScreen {
  readonly heading: Locator
  /** The header's button (present whether or not there are items). */
  readonly addItem: Locator
  readonly dialog: ItemDialog
  readonly table: Locator
  readonly grandTotal: Locator
  readonly stockValue: Locator
  readonly backToShoppingList: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Inventory', level: 1 })
    this.addItem = page.getByRole('button', { name: 'Add Item', exact: true })
    this.dialog = new ItemDialog(page)
    this.table = page.getByRole('table', { name: 'Inventory items' })
    this.grandTotal = page.getByTestId('grand-total')
    this.stockValue = page.getByTestId('stock-value')
    this.backToShoppingList = page.getByRole('link', { name: 'Back to Shopping List' })
  }

  async open() {
    await this.page.goto('/inventory')
    await expect(this.heading).toBeVisible()
  }

  /** Opens 'Add New Item' from the header or the empty state, and fills it in; not yet sent. */
  async fillNewItem(item: NewItem) {
    await this.page.getByRole('button', { name: /^(Add Item|Add First Item)$/ }).first().click()
    await this.dialog.fill(item)
    return this.dialog
  }

  /** An item's row on a phone. */
  row(name: string) {
    return this.page.getByTestId('inventory-row').filter({ hasText: name })
  }

  /** An item's row of the wide screen's table. */
  tableRow(name: string) {
    return this.page.getByRole('row', { name: new RegExp(name) })
  }

  /** A phone row's stock chip ('1 carton in stock'). */
  stockChip(name: string) {
    return this.row(name).getByTestId('stock-chip')
  }

  /** A phone row's link to the item's page. */
  itemLink(name: string) {
    return this.row(name).getByRole('link', { name })
  }

  useOne(name: string) {
    return this.page.getByRole('button', { name: `Use one ${name}` })
  }
}

/** Page object of /inventory/:id. */
export class ItemScreen {
  readonly stockLabel: Locator
  readonly backToInventory: Locator

  constructor(readonly page: Page) {
    this.stockLabel = page.getByTestId('stock-label')
    this.backToInventory = page.getByRole('link', { name: 'Back to Inventory' })
  }

  heading(name: string, level?: number) {
    return this.page.getByRole('heading', level === undefined ? { name } : { name, level })
  }

  photo(name: string) {
    return this.page.getByRole('img', { name })
  }

  /** A Label → value line of the Details. */
  detail(label: string) {
    return this.page.locator('.chakra-data-list__item').filter({ has: this.page.getByText(label, { exact: true }) })
  }
}

/**
 * One entry of the shopping list: a line with the tick, name, quantity, unit price and line
 * total; the chips, the Qty / Price / Store fields and Remove show once `open()`ed.
 */
export class ShoppingEntry {
  /** The chevron that opens and closes the details. */
  readonly details: Locator
  readonly qty: Locator
  readonly price: Locator
  readonly store: Locator
  readonly lineTotal: Locator
  readonly buy: Locator
  readonly remove: Locator

  constructor(readonly root: Locator, name: string) {
    this.details = root.getByRole('button', { name: `Details for ${name}` })
    this.qty = root.getByLabel('Qty')
    this.price = root.getByLabel('Price')
    this.store = root.getByLabel('Store')
    this.lineTotal = root.getByTestId('line-total')
    this.buy = root.getByRole('checkbox', { name: `Buy ${name}` })
    this.remove = root.getByRole('button', { name: `Remove ${name} from shopping list` })
  }

  /** Opens the details (chips, fields, Remove) unless they are open already. */
  async open() {
    await expect(this.details).toBeVisible()
    if ((await this.details.getAttribute('aria-expanded')) !== 'true') await this.details.click()
    await expect(this.details).toHaveAttribute('aria-expanded', 'true')
  }
}

/** The 'Complete Shopping Trip' dialog. */
export class TripDialog {
  readonly root: Locator
  readonly summary: Locator
  readonly account: Locator
  readonly completePurchase: Locator

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Complete Shopping Trip' })
    this.summary = this.root.getByTestId('trip-summary')
    this.account = this.root.getByLabel('Account')
    this.completePurchase = this.root.getByRole('button', { name: 'Complete Purchase' })
  }
}

/** Page object of /shopping-list. */
export class ShoppingListScreen {
  readonly heading: Locator
  readonly list: Locator
  readonly entries: Locator
  readonly trip: TripDialog
  readonly manageInventory: Locator
  readonly addToList: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Shopping List', level: 1 })
    this.list = page.getByRole('list', { name: 'Items to buy' })
    this.entries = this.list.getByRole('listitem')
    this.trip = new TripDialog(page)
    this.manageInventory = page.getByRole('link', { name: 'Manage Inventory' })
    this.addToList = page.getByRole('button', { name: 'Add Item to Shopping List' })
  }

  async open() {
    await this.page.goto('/shopping-list')
    await expect(this.heading).toBeVisible()
  }

  entry(name: string) {
    return new ShoppingEntry(this.entries.filter({ hasText: name }), name)
  }

  /** The floating bar with the Complete button (and, offline, the reason it is off). */
  get completeBar() {
    return this.page.getByTestId('complete-bar')
  }

  /** The button that completes the ticked entries: 'Complete (1) - £1.20', or 'Complete (1)…' without a total. */
  complete(count: number, total?: string) {
    const name = total === undefined ? new RegExp(`^Complete \\(${count}\\)`) : `Complete (${count}) - ${total}`
    return this.page.getByRole('button', { name })
  }
}
