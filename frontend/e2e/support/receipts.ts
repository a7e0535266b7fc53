import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { londonDay, sessionApi, signUpFreshUser } from './ledger'

/** A small valid PDF: what a receipt e-mailed by a shop looks like to the server. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

/** A fresh user with an account, a £84.20 shop (answered) and a bus fare, both today. */
export async function shopToday(page: Page, request: APIRequestContext, name: string, email: string) {
  await signUpFreshUser(page, request, name, email)
  const api = await sessionApi(page, request)
  const account = await api.post('/accounts', { name: 'Everyday', type: 'current', initialBalance: '500.00' })
  const spend = (amount: string, description: string, category: string) =>
    api.post('/transactions', {
      amount,
      type: 'expense',
      description,
      categoryId: api.categoryId(category),
      accountId: account._id,
      date: londonDay(),
    })
  const shop = await spend('84.20', 'Tesco Superstore', 'Groceries')
  await spend('2.80', 'Bus fare', 'Transport')
  return shop
}

/** The Receipts card of a transaction's page. */
export class ReceiptsSection {
  constructor(readonly page: Page) {}

  get root() {
    return this.page.getByRole('region', { name: 'Receipts' })
  }

  get fileInput() {
    return this.root.getByTestId('receipt-file-input')
  }

  /** 'Open Receipt n (photo|PDF, added …)'. */
  receipt(n: number, kind: 'photo' | 'PDF') {
    return this.root.getByRole('link', { name: new RegExp(`^Open Receipt ${n} \\(${kind}, added `) })
  }

  /** The thumbnail loaded (through its signed address, no Authorization header). */
  async expectThumbnailLoaded(n: number) {
    const img = this.receipt(n, 'photo').locator('img')
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0)
    return img
  }
}
