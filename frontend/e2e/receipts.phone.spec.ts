import { expect, test } from './support/test'

import { phonePhoto } from './support/ledger'
import { PDF, ReceiptsSection, shopToday } from './support/receipts'
import { shot } from './support/shots'

const stamp = Date.now()
const PHONE = 375

test('on a phone a receipt is attached to a shop, marked in the list and opened', async ({ page, request }) => {
  const shop = await shopToday(page, request, 'Percy Phone', `percy.${stamp}@e2e.test`)
  await page.goto(`/transactions/${shop._id}`)
  const receipts = new ReceiptsSection(page)
  await receipts.root.scrollIntoViewIfNeeded()
  // The camera is one tap away; a file (or a PDF) the other.
  await expect(receipts.root.getByRole('button', { name: 'Take Photo' })).toBeVisible()
  await expect(receipts.root.getByLabel('Take a photo of a receipt')).toHaveAttribute('capture', 'environment')
  await expect(receipts.root.getByRole('button', { name: 'Attach File' })).toBeVisible()

  await receipts.fileInput.setInputFiles({ name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(page) })
  await receipts.expectThumbnailLoaded(1)
  await receipts.fileInput.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(receipts.receipt(2, 'PDF')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE)
  await shot(page, 'phone-receipts-detail')

  // The day list marks the shop, not the bus fare.
  await page.goto('/transactions')
  const rows = page.getByTestId('transaction-row')
  await expect(rows.filter({ hasText: 'Tesco Superstore' }).getByRole('img', { name: 'Has receipts' })).toBeVisible()
  await expect(rows.filter({ hasText: 'Bus fare' })).toBeVisible()
  await expect(rows.filter({ hasText: 'Bus fare' }).getByRole('img', { name: 'Has receipts' })).toHaveCount(0)

  // Tapping the row and then the receipt opens it from its signed address.
  await rows.filter({ hasText: 'Tesco Superstore' }).click()
  const [tab] = await Promise.all([page.waitForEvent('popup'), receipts.receipt(2, 'PDF').click()])
  await tab.waitForLoadState()
  expect(tab.url()).toContain('/content?variant=full&expires=')
  await tab.close()
})
