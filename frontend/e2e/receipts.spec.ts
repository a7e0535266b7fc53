import { expect, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { phonePhoto } from './support/ledger'
import { PDF, ReceiptsSection, shopToday } from './support/receipts'
import { shotBoth } from './support/shots'

const stamp = Date.now()

test('a receipt is attached from a file, shown, opened, joined by a PDF and deleted', async ({ page, request }) => {
  const shop = await shopToday(page, request, 'Rita Receipt', `rita.${stamp}@e2e.test`)
  await page.goto(`/transactions/${shop._id}`)
  const receipts = new ReceiptsSection(page)
  await expect(receipts.root.getByText('No receipts yet. Attach a photo or a PDF of the receipt.')).toBeVisible()

  // A phone photo (EXIF orientation 6) chosen as a file: its thumbnail loads, upright (portrait).
  await receipts.fileInput.setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(page, 240, 180) })
  const photo = receipts.receipt(1, 'photo')
  await expect(photo).toBeVisible()
  const thumbnail = await receipts.expectThumbnailLoaded(1)
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth)).toBe(true)

  // Opened full size in a new tab, from the signed address.
  const [tab] = await Promise.all([page.waitForEvent('popup'), photo.click()])
  await tab.waitForLoadState()
  expect(tab.url()).toContain('/content?variant=full&expires=')
  await expect.poll(() => tab.evaluate(() => document.contentType)).toBe('image/jpeg')
  await tab.close()

  // A PDF beside it: a file with its size.
  await receipts.fileInput.setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF })
  const pdf = receipts.receipt(2, 'PDF')
  await expect(pdf).toBeVisible()
  await expect(pdf).toContainText(`PDF · ${PDF.length} B`)
  await expectNoAxeViolations(page, 'the receipts section')
  await shotBoth(page, 'receipts-detail')

  // The list: a paperclip on the shop, none on the bus fare.
  await page.goto('/transactions')
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name }) })
  await expect(row('Tesco Superstore').getByRole('img', { name: 'Has receipts' })).toBeVisible()
  await expect(row('Bus fare')).toBeVisible()
  await expect(row('Bus fare').getByRole('img', { name: 'Has receipts' })).toHaveCount(0)
  await shotBoth(page, 'receipts-list')

  // Delete the photo after the confirmation: the PDF stays.
  await page.goto(`/transactions/${shop._id}`)
  await receipts.root.getByRole('button', { name: 'Delete Receipt 1' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Receipt' })
  await expect(confirm).toContainText('Are you sure you want to delete this receipt?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(photo).toHaveCount(0)
  await expect(receipts.receipt(1, 'PDF')).toBeVisible()
})
