import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

import { waitForLink } from './mail'

/** Today's date in London, as the app and the server count days. */
export function londonDay(offsetDays = 0, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  const [y, m, d] = today.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + offsetDays)).toISOString().slice(0, 10)
}

/** A `YYYY-MM-DD` day as the app shows it and takes it typed: dd/MM/yyyy. */
export function ukDate(day: string): string {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

/** '£1,234.56' / '-£1,234.56' from integer pence, as the app shows money. */
export function money(pence: number): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100)
}

/** A small real PNG (2 × 2 pixels), for item photos. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4kWIERAwQCgAorgV5QuEn7gAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * A photo as a phone held upright stores it: landscape JPEG pixels (`width` × `height`, the
 * top-left quadrant red, the rest blue, drawn by the browser) with EXIF Orientation 6 ("turn a
 * quarter clockwise to show"), in an APP1 segment right after the SOI marker.
 */
export async function phonePhoto(page: Page, width = 120, height = 90): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const context = canvas.getContext('2d')!
      context.fillStyle = '#0000ff'
      context.fillRect(0, 0, w, h)
      context.fillStyle = '#ff0000'
      context.fillRect(0, 0, w / 2, h / 2)
      return canvas.toDataURL('image/jpeg', 0.95)
    },
    { w: width, h: height },
  )
  const jpeg = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  // A little-endian TIFF header, then one directory with one entry: 0x0112 (Orientation), SHORT, 1 value: 6.
  const tiff = [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(tiff)])
  const marker = Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff])
  return Buffer.concat([jpeg.subarray(0, 2), marker, exif, jpeg.subarray(2)])
}

/** Registers a fresh user through the API and follows the e-mailed link, which signs in. */
export async function signUpFreshUser(page: Page, request: APIRequestContext, name: string, email: string) {
  const res = await request.post('/api/auth/register', { data: { name, email, password: 'Secret123' } })
  expect(res.ok()).toBeTruthy()
  const verify = await waitForLink(email, 'verify-email')
  await page.goto(verify.path)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
}

/** Month names, January first, as the app spells them. */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * Sends a request again once when the connection drops before an answer (the server closing an
 * idle keep-alive connection just as it is reused shows as ECONNRESET / socket hang up). Writes
 * carry an Idempotency-Key, so the second try can never apply them twice.
 */
async function withReconnect<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send()
  } catch (e) {
    if (!/ECONNRESET|socket hang up|EPIPE/.test(String(e))) throw e
    return send()
  }
}

/** The signed-in session's API, for seeding through the real server. */
export async function sessionApi(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').token as string)
  const headers = { Authorization: `Bearer ${token}` }
  const send = async (method: 'post' | 'put', path: string, data: Record<string, unknown>) => {
    const write = { ...headers, 'Idempotency-Key': crypto.randomUUID() }
    const res = await withReconnect(() => request[method](`/api${path}`, { headers: write, data }))
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy()
    return (await res.json()).data as { _id: string }
  }
  const post = (path: string, data: Record<string, unknown>) => send('post', path, data)
  const put = (path: string, data: Record<string, unknown>) => send('put', path, data)
  /** The whole answer (the transaction list has no `data`). */
  const get = async (path: string): Promise<Record<string, unknown>> => {
    const res = await withReconnect(() => request.get(`/api${path}`, { headers }))
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy()
    return (await res.json()) as Record<string, unknown>
  }
  const categories = (await (await withReconnect(() => request.get('/api/categories', { headers }))).json()).data as {
    _id: string
    name: string
  }[]
  const categoryId = (name: string) => categories.find((c) => c.name === name)!._id
  return { post, put, get, categoryId }
}

/** The 'Add Account' dialog. */
export class AccountDialog {
  readonly root: Locator
  readonly name: Locator
  readonly type: Locator
  readonly initial: Locator
  readonly limit: Locator
  /** Who sees it: 'Shared with the household' or 'Only me'. */
  readonly whoSees: Locator
  readonly add: Locator
  readonly cancel: Locator

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Add Account' })
    this.name = this.root.getByLabel('Account Name')
    this.type = this.root.getByLabel('Account Type')
    this.initial = this.root.getByLabel('Initial Balance')
    this.limit = this.root.getByLabel('Credit Limit')
    this.whoSees = this.root.getByLabel('Who sees it')
    this.add = this.root.getByRole('button', { name: 'Add Account' })
    this.cancel = this.root.getByRole('button', { name: 'Cancel' })
  }
}

/** 'Connect or Reconnect Your Bank Account' (the demo bank without Plaid settings). */
export class BankLinkDialog {
  readonly root: Locator
  /** The first step's choice (the journeys' server offers the demo bank and Enable Banking). */
  readonly chooseDemoBank: Locator
  readonly demoBank: Locator
  readonly continue: Locator
  readonly cancel: Locator

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Connect or Reconnect Your Bank Account' })
    this.chooseDemoBank = this.root.getByRole('button', { name: 'Demo Bank', exact: true })
    this.demoBank = this.root.getByTestId('demo-bank')
    this.continue = this.root.getByRole('button', { name: 'Continue' })
    this.cancel = this.root.getByRole('button', { name: 'Cancel' })
  }
}

/** Page object of /accounts. */
export class AccountsScreen {
  readonly heading: Locator
  /** The header's Add Manually (the empty state has one too). */
  readonly addManually: Locator
  readonly dialog: AccountDialog
  readonly deleteDialog: Locator
  readonly transfer: Locator
  /** Shown to users with bank access (the empty state has one too). */
  readonly connectBank: Locator
  readonly bankDialog: BankLinkDialog
  readonly linkedBanks: Locator
  readonly needsAttention: Locator
  /** A linked bank's buttons (the first bank's, where there are several). */
  readonly simulateExpiry: Locator
  readonly syncNow: Locator
  readonly disconnect: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Accounts', level: 1 })
    this.addManually = page.getByRole('button', { name: 'Add Manually' }).first()
    this.dialog = new AccountDialog(page)
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete Account' })
    this.transfer = page.getByRole('button', { name: 'Transfer' })
    this.connectBank = page.getByRole('button', { name: 'Connect Bank' })
    this.bankDialog = new BankLinkDialog(page)
    this.linkedBanks = page.getByRole('region', { name: 'Linked banks' })
    this.needsAttention = page.getByRole('region', { name: 'Bank Connections Need Attention' })
    this.simulateExpiry = page.getByRole('button', { name: 'Simulate expiry' })
    this.syncNow = page.getByRole('button', { name: 'Sync now' })
    this.disconnect = page.getByRole('button', { name: /Disconnect/ }).first()
  }

  /** 'Disconnect {institution}?', asked before a bank is disconnected. */
  disconnectDialog(institution: string) {
    const name = `Disconnect ${institution}?`
    return this.page.getByRole('alertdialog', { name }).or(this.page.getByRole('dialog', { name }))
  }

  /** What bank linking says when it is done ('Bank account connected', 'Already up to date'). */
  bankNotice(text: string) {
    return this.page.getByText(text)
  }

  async open() {
    await this.page.goto('/accounts')
    await expect(this.heading).toBeVisible()
  }

  card(name: string) {
    return this.page.getByTestId('account-card').filter({ hasText: name })
  }

  balance(name: string) {
    return this.card(name).getByTestId('account-balance')
  }

  /** The card's Initial / Income / Expenses lines. */
  breakdown(name: string) {
    return this.card(name).getByTestId('account-breakdown')
  }

  /** A summary tile's figure: 'Net Worth', 'Total Accounts', 'Active Accounts'. */
  tile(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  /** Picks an entry of an account card's menu. */
  async act(name: string, item: 'Import Statement' | 'Delete Account') {
    await this.card(name).getByRole('button', { name: `Actions for ${name}` }).click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }

  async add(fields: { name: string; type: string; initial: string; limit?: string; whoSees?: 'Only me' }) {
    await this.addManually.click()
    await this.dialog.name.fill(fields.name)
    await this.dialog.type.selectOption({ label: fields.type })
    await this.dialog.initial.fill(fields.initial)
    if (fields.limit !== undefined) await this.dialog.limit.fill(fields.limit)
    if (fields.whoSees !== undefined) await this.dialog.whoSees.selectOption({ label: fields.whoSees })
    await this.dialog.add.click()
    await expect(this.dialog.root).toBeHidden()
    await expect(this.card(fields.name)).toBeVisible()
  }
}

export type TransactionFields = {
  type: 'Income' | 'Expense'
  amount: string
  description: string
  category: string
  account: string
  /** As typed into the Date field: dd/MM/yyyy. */
  date?: string
  notes?: string
}

/** The transaction dialog: 'Add Transaction' or 'Edit Transaction'. */
export class TransactionDialog {
  readonly amount: Locator
  readonly description: Locator
  readonly category: Locator
  readonly account: Locator
  readonly date: Locator
  readonly notes: Locator
  /** Opens the Date field's calendar. */
  readonly chooseDate: Locator
  /** 'Add Transaction' or 'Update Transaction'. */
  readonly submit: Locator
  readonly cancel: Locator

  constructor(readonly root: Locator, submit: 'Add Transaction' | 'Update Transaction' = 'Add Transaction') {
    this.amount = root.getByLabel('Amount')
    this.description = root.getByLabel('Description')
    this.category = root.getByLabel('Category')
    this.account = root.getByLabel('Account', { exact: true })
    this.date = root.getByLabel('Date', { exact: true })
    this.notes = root.getByLabel('Notes')
    this.chooseDate = root.getByRole('button', { name: 'Choose date' })
    this.submit = root.getByRole('button', { name: submit })
    this.cancel = root.getByRole('button', { name: 'Cancel' })
  }

  /** Fills the fields given, the selects by their options' labels; sends nothing. */
  async fill(t: TransactionFields) {
    await this.root.getByRole('button', { name: t.type, exact: true }).click()
    await this.amount.fill(t.amount)
    await this.description.fill(t.description)
    await this.category.selectOption({ label: t.category })
    await this.account.selectOption({ label: t.account })
    if (t.date) await this.date.fill(t.date)
    if (t.notes !== undefined) await this.notes.fill(t.notes)
  }
}

/** The 'Transfer Between Accounts' dialog. */
export class TransferDialog {
  readonly root: Locator
  readonly amount: Locator
  readonly description: Locator
  readonly from: Locator
  readonly to: Locator
  readonly create: Locator
  readonly update: Locator
  readonly cancel: Locator
  readonly close: Locator

  /** 'Transfer Between Accounts' (a new one) or 'Edit Transfer'. */
  constructor(page: Page, title: 'Transfer Between Accounts' | 'Edit Transfer' = 'Transfer Between Accounts') {
    this.root = page.getByRole('dialog', { name: title })
    this.amount = this.root.getByLabel('Amount')
    this.description = this.root.getByLabel('Description')
    this.from = this.root.getByLabel('From Account')
    this.to = this.root.getByLabel('To Account')
    this.create = this.root.getByRole('button', { name: 'Create Transfer' })
    this.update = this.root.getByRole('button', { name: 'Update Transfer' })
    this.cancel = this.root.getByRole('button', { name: 'Cancel' })
    this.close = this.root.getByRole('button', { name: 'Close' })
  }
}

/** Page object of /transactions: the table on wide screens, day groups of rows on phones. */
export class TransactionsScreen {
  readonly heading: Locator
  /** The header's Add button, which opens the Add menu. */
  readonly addButton: Locator
  readonly addDialog: TransactionDialog
  readonly editDialog: TransactionDialog
  readonly transferDialog: TransferDialog
  readonly deleteDialog: Locator
  readonly search: Locator
  /** The filters' account select (only while no dialog is open). */
  readonly accountFilter: Locator
  readonly startDateFilter: Locator
  readonly endDateFilter: Locator
  readonly clearAll: Locator
  readonly filtersToggle: Locator
  /** The empty list's way out when the filters match nothing. */
  readonly clearFilters: Locator
  /** 'Looks like transfers': pairs of rows offered as one transfer. */
  readonly suggestions: Locator
  readonly pairs: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Transactions', level: 1 })
    this.addButton = page.getByRole('button', { name: 'Add', exact: true })
    this.addDialog = new TransactionDialog(page.getByRole('dialog', { name: 'Add Transaction' }))
    this.editDialog = new TransactionDialog(page.getByRole('dialog', { name: 'Edit Transaction' }), 'Update Transaction')
    this.transferDialog = new TransferDialog(page)
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete Transaction' })
    this.search = page.getByRole('searchbox', { name: 'Search transactions' })
    this.accountFilter = page.getByLabel('Account', { exact: true })
    this.startDateFilter = page.getByLabel('Start Date', { exact: true })
    this.endDateFilter = page.getByLabel('End Date', { exact: true })
    this.clearAll = page.getByRole('button', { name: 'Clear All' })
    this.filtersToggle = page.getByRole('button', { name: 'Filters' })
    this.clearFilters = page.getByRole('button', { name: 'Clear filters' })
    this.suggestions = page.getByRole('region', { name: 'Looks like transfers' })
    this.pairs = this.suggestions.getByTestId('transfer-pair')
  }

  async open(query = '') {
    await this.page.goto(`/transactions${query}`)
    await expect(this.heading).toBeVisible()
  }

  /** Picks an entry of the page's Add menu (the dashboard has the same menu). */
  async chooseAdd(item: 'Add Transaction' | 'Create Transfer') {
    await this.addButton.click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }

  async add(t: TransactionFields) {
    await this.chooseAdd('Add Transaction')
    await this.addDialog.fill(t)
    await this.addDialog.submit.click()
    await expect(this.addDialog.root).toBeHidden()
  }

  async transfer(t: { amount: string; description: string; from: string; to: string }) {
    await this.chooseAdd('Create Transfer')
    const dialog = this.transferDialog
    await dialog.amount.fill(t.amount)
    await dialog.description.fill(t.description)
    await dialog.from.selectOption({ label: t.from })
    await dialog.to.selectOption({ label: t.to })
    await dialog.create.click()
    await expect(dialog.root).toBeHidden()
  }

  /** The desktop table's body rows. */
  rows() {
    return this.page.locator('tbody tr')
  }

  row(description: string) {
    return this.rows().filter({ hasText: description })
  }

  /** A row's link to the transaction's page. */
  link(description: string) {
    return this.row(description).getByRole('link', { name: description })
  }

  editButton(description: string) {
    return this.row(description).getByRole('button', { name: `Edit ${description}` })
  }

  deleteButton(description: string) {
    return this.row(description).getByRole('button', { name: `Delete ${description}` })
  }

  /** A phone's day group: 'Today', 'Yesterday', or a RegExp for an older day. */
  day(label: string | RegExp) {
    return this.page.getByRole('region', { name: label })
  }

  /** A phone's row, in any day group. */
  phoneRow(description: string) {
    return this.page.getByTestId('transaction-row').filter({ hasText: description })
  }

  summary(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  /** A quick date range of the filters: 'Last 30 Days', … */
  quickRange(name: string) {
    return this.page.getByRole('button', { name })
  }

  async openFilters() {
    if ((await this.filtersToggle.getAttribute('aria-expanded')) !== 'true') await this.filtersToggle.click()
  }

  /** The line above the list that says what its rows are ('6 rows incl. 2 transfer legs …'). */
  rowsNote(text: string) {
    return this.page.getByText(text)
  }

  /** The header's Export CSV (downloads what the list shows); on a phone it is under More. */
  get exportCsv() {
    return this.page.getByRole('button', { name: 'Export CSV' })
  }

  /** The phone header's More menu: Import statement and Export CSV. */
  get more() {
    return this.page.getByRole('button', { name: 'More', exact: true })
  }

  /** An entry of the phone header's More menu. */
  moreItem(name: 'Import statement' | 'Export CSV') {
    return this.page.getByRole('menuitem', { name })
  }

  /** Starts Export CSV: the header's button, or on a phone More's item. */
  async startExport() {
    if (await this.more.isVisible()) {
      await this.more.click()
      await this.moreItem('Export CSV').click()
    } else {
      await this.exportCsv.click()
    }
  }

  /** The filters' button that opens the End Date's calendar. */
  get chooseEndDate() {
    return this.page.getByRole('button', { name: 'Choose end date' })
  }

  /** The empty list's message when the filters match nothing. */
  get noMatch() {
    return this.page.getByText('No transactions match your filters')
  }
}

/** Page object of /transactions/:id. */
export class TransactionScreen {
  readonly amount: Locator
  readonly backToTransactions: Locator
  /** Shown on either leg of a pair marked as a transfer. */
  readonly pairedTransfer: Locator

  constructor(readonly page: Page) {
    this.amount = page.getByTestId('detail-amount')
    this.pairedTransfer = page.getByRole('region', { name: 'Paired transfer' })
    this.backToTransactions = page.getByRole('link', { name: 'Back to Transactions' })
  }

  heading(description: string) {
    return this.page.getByRole('heading', { name: description })
  }

  /** A value as the page writes it ('20/10/2026'), wherever it shows. */
  shows(text: string) {
    return this.page.getByText(text).first()
  }

  /** Picks an entry of the page's actions menu. */
  async act(item: 'Edit Transaction' | 'Copy Details' | 'Delete Transaction') {
    await this.page.getByRole('button', { name: 'Transaction actions' }).click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }
}
