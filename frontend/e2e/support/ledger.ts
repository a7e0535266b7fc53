import { expect, type APIRequestContext, type Page } from '@playwright/test'

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
  const res = await request.post('/api/auth/register', { data: { name, email, password: 'secret1' } })
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
  const post = async (path: string, data: Record<string, unknown>) => {
    const write = { ...headers, 'Idempotency-Key': crypto.randomUUID() }
    const res = await withReconnect(() => request.post(`/api${path}`, { headers: write, data }))
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy()
    return (await res.json()).data as { _id: string }
  }
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
  return { post, get, categoryId }
}

/** Page object of /accounts. */
export class AccountsScreen {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/accounts')
    await expect(this.page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible()
  }

  card(name: string) {
    return this.page.getByTestId('account-card').filter({ hasText: name })
  }

  async add(fields: { name: string; type: string; initial: string; limit?: string }) {
    await this.page.getByRole('button', { name: 'Add Manually' }).first().click()
    const dialog = this.page.getByRole('dialog', { name: 'Add Account' })
    await dialog.getByLabel('Account Name').fill(fields.name)
    await dialog.getByLabel('Account Type').selectOption({ label: fields.type })
    await dialog.getByLabel('Initial Balance').fill(fields.initial)
    if (fields.limit !== undefined) await dialog.getByLabel('Credit Limit').fill(fields.limit)
    await dialog.getByRole('button', { name: 'Add Account' }).click()
    await expect(dialog).toBeHidden()
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

/** Page object of /transactions. */
export class TransactionsScreen {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/transactions${query}`)
    await expect(this.page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible()
  }

  async chooseAdd(item: 'Add Transaction' | 'Create Transfer') {
    await this.page.getByRole('button', { name: 'Add', exact: true }).click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }

  async fillTransaction(dialog: ReturnType<Page['getByRole']>, t: TransactionFields) {
    await dialog.getByRole('button', { name: t.type, exact: true }).click()
    await dialog.getByLabel('Amount').fill(t.amount)
    await dialog.getByLabel('Description').fill(t.description)
    await dialog.getByLabel('Category').selectOption({ label: t.category })
    await dialog.getByLabel('Account', { exact: true }).selectOption({ label: t.account })
    if (t.date) await dialog.getByLabel('Date', { exact: true }).fill(t.date)
    if (t.notes !== undefined) await dialog.getByLabel('Notes').fill(t.notes)
  }

  async add(t: TransactionFields) {
    await this.chooseAdd('Add Transaction')
    const dialog = this.page.getByRole('dialog', { name: 'Add Transaction' })
    await this.fillTransaction(dialog, t)
    await dialog.getByRole('button', { name: 'Add Transaction' }).click()
    await expect(dialog).toBeHidden()
  }

  async transfer(t: { amount: string; description: string; from: string; to: string }) {
    await this.chooseAdd('Create Transfer')
    const dialog = this.page.getByRole('dialog', { name: 'Transfer Between Accounts' })
    await dialog.getByLabel('Amount').fill(t.amount)
    await dialog.getByLabel('Description').fill(t.description)
    await dialog.getByLabel('From Account').selectOption({ label: t.from })
    await dialog.getByLabel('To Account').selectOption({ label: t.to })
    await dialog.getByRole('button', { name: 'Create Transfer' }).click()
    await expect(dialog).toBeHidden()
  }

  /** The desktop table's body rows. */
  rows() {
    return this.page.locator('tbody tr')
  }

  row(description: string) {
    return this.rows().filter({ hasText: description })
  }

  summary(label: string) {
    return this.page.getByTestId(`tile-${label}`)
  }

  async openFilters() {
    const toggle = this.page.getByRole('button', { name: 'Filters' })
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  }
}
