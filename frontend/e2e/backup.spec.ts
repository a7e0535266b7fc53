import { readFileSync } from 'node:fs'

import { expect, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { BackupScreen } from './support/backup'
import { ItemScreen } from './support/inventory'
import { AccountsScreen, PNG, sessionApi, signUpFreshUser } from './support/ledger'
import { AppShell } from './support/shell'
import { notice } from './support/users'

const stamp = Date.now()

test('a household backed up with its photos at 1440px is restored into a new account on a phone', async ({ page, request, browser }) => {
  test.slow()
  const zipPath = test.info().outputPath('backup.zip')

  await test.step('Bea keeps an account, a payment and a photographed item', async () => {
    await signUpFreshUser(page, request, 'Bea Backup', `bea.${stamp}@e2e.test`)
    const api = await sessionApi(page, request)
    const current = await api.post('/accounts', { name: 'Joint Current', type: 'current', initialBalance: '1250.00' })
    await api.post('/transactions', {
      amount: '42.10',
      type: 'expense',
      description: 'Weekly shop',
      categoryId: api.categoryId('Groceries'),
      accountId: current._id,
      date: new Date().toISOString().slice(0, 10),
    })
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').token as string)
    const uploaded = await request.post('/api/inventory-items/upload-image', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { image: { name: 'eggs.png', mimeType: 'image/png', buffer: PNG } },
    })
    expect(uploaded.ok()).toBeTruthy()
    const photo = ((await uploaded.json()) as { data: { path: string } }).data.path
    await api.post('/inventory-items', { name: 'Free-range eggs', category: 'Fresh', currentStock: 6, defaultNeeded: 6, image: photo })
  })

  await test.step('the profile menu leads to Backup & Restore; the zip with photos downloads', async () => {
    const backup = new BackupScreen(page)
    await page.goto('/dashboard')
    await new AppShell(page).chooseFromAccountMenu('Backup & Restore')
    await expect(page).toHaveURL(/\/settings\/backup$/)
    await expect(backup.heading).toBeVisible()
    await expectNoAxeViolations(page, '/settings/backup')
    await backup.includePhotos.check({ force: true })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      backup.download.click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^myspending-backup-\d{4}-\d{2}-\d{2}\.zip$/)
    await download.saveAs(zipPath)
    await expect(notice(page, 'Backup downloaded')).toBeVisible()
    const bytes = readFileSync(zipPath)
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
  })

  await test.step('Cal restores it into his new account on a phone and sees everything', async () => {
    const phone = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    })
    const cal = await phone.newPage()
    await signUpFreshUser(cal, phone.request, 'Cal Restore', `cal.${stamp}@e2e.test`)
    const backup = new BackupScreen(cal)
    await cal.goto('/settings/backup')
    await expect(backup.restore).toBeDisabled()
    await backup.file.setInputFiles(zipPath)
    await expect(backup.fileName).toHaveText(/\.zip$/)
    await backup.restore.click()
    const confirm = backup.confirm
    await confirm.getByRole('button', { name: 'Restore' }).click()
    await expect(notice(cal, 'Backup restored: 1 account, 1 transaction')).toBeVisible({ timeout: 30_000 })
    await expect(notice(cal, '1 inventory item')).toBeVisible()
    await expect(notice(cal, '1 photo')).toBeVisible()
    await expect(cal).toHaveURL(/\/dashboard$/)

    await cal.goto('/accounts')
    await expect(new AccountsScreen(cal).card('Joint Current')).toContainText('£1,207.90')
    const items = (await (await sessionApi(cal, phone.request)).get('/inventory-items')).data as { _id: string; image: string }[]
    await cal.goto(`/inventory/${items[0]!._id}`)
    const picture = new ItemScreen(cal).photo('Free-range eggs')
    await expect(picture).toBeVisible()
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

    // A second restore is refused: the account is no longer empty, and nothing changes.
    await cal.goto('/settings/backup')
    await backup.restoreFrom(zipPath)
    await expect(confirm.getByText('Restore needs an empty account: this one already has accounts, transactions, goals or inventory')).toBeVisible()
    await expectNoAxeViolations(cal, '/settings/backup (refused)')
    const sideways = await cal.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
    expect(sideways).toBe(false)
    await phone.close()
  })
})
