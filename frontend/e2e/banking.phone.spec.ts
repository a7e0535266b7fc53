import { expect, test } from './support/test'

import { AccountsScreen, signUpFreshUser } from './support/ledger'
import { shot } from './support/shots'
import { ADMIN, followSidebar } from './support/users'

const email = `pia.${Date.now()}@e2e.test`

test('on a phone the demo bank connects from /accounts and its dialog and sections fit the screen', async ({ page, request }) => {
  test.setTimeout(90_000)
  await signUpFreshUser(page, request, 'Pia Phone', email)
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } })
  const headers = { Authorization: `Bearer ${(await login.json()).token}` }
  const users = (await (await request.get('/api/users', { headers })).json()).data as { _id: string; email: string }[]
  const grant = await request.put(`/api/auth/toggle-bank-access/${users.find((u) => u.email === email)!._id}`, { headers })
  expect(grant.ok()).toBeTruthy()

  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  const accounts = new AccountsScreen(page)
  await followSidebar(page, 'Accounts')
  await accounts.connectBank.first().click()
  await accounts.bankDialog.chooseDemoBank.click()
  const dialog = accounts.bankDialog
  await expect(dialog.demoBank).toBeVisible()
  await fits()
  const box = await dialog.continue.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBeTruthy()
  await shot(page, 'phone-bank-link-dialog', { fullPage: false })
  await dialog.continue.click()
  await expect(dialog.root).toBeHidden({ timeout: 60_000 })
  await expect(accounts.card('Rewards Credit Card ••8765')).toBeVisible()
  const linked = accounts.linkedBanks
  for (const name of ['Sync now', 'Simulate expiry', 'Disconnect']) {
    const b = await linked.getByRole('button', { name }).boundingBox()
    expect(b && b.x + b.width <= 375, `${name} fits`).toBeTruthy()
  }
  await fits()
  await shot(page, 'phone-accounts-linked-bank')
})
