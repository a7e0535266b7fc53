import { expect, type Page, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { AccountsScreen, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { shotBothFromTop } from './support/shots'
import { ADMIN, followSidebar } from './support/users'

const stamp = Date.now()
const email = `bea.${stamp}@e2e.test`

/** The superadmin grants bank access to the user with this e-mail, through the API. */
async function grantBankAccess(page: Page, who: string) {
  const request = page.request
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } })
  const headers = { Authorization: `Bearer ${(await login.json()).token}` }
  const users = (await (await request.get('/api/users', { headers })).json()).data as { _id: string; email: string }[]
  const id = users.find((u) => u.email === who)!._id
  const res = await request.put(`/api/auth/toggle-bank-access/${id}`, { headers })
  expect(res.ok(), await res.text()).toBeTruthy()
}

test('the demo bank: connect, see its accounts and rows, expire, reconnect, sync and disconnect keeping the history', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await signUpFreshUser(page, request, 'Bea Banks', email)
  await grantBankAccess(page, email)
  const accounts = new AccountsScreen(page)
  const transactions = new TransactionsScreen(page)

  await test.step('Connect Bank opens the demo bank, and Continue imports two accounts', async () => {
    await followSidebar(page, 'Accounts')
    await accounts.connectBank.first().click()
    await accounts.bankDialog.chooseDemoBank.click()
    const dialog = accounts.bankDialog
    await expect(dialog.demoBank).toContainText('Demo Bank UK')
    await expectNoAxeViolations(page, 'bank link dialog')
    await dialog.continue.click()
    await expect(dialog.root).toBeHidden({ timeout: 60_000 })
    await expect(accounts.bankNotice('Bank account connected')).toBeVisible()
    await expect(accounts.card('Everyday Current ••4321')).toBeVisible()
    await expect(accounts.card('Rewards Credit Card ••8765')).toBeVisible()
    await expect(accounts.card('Everyday Current ••4321')).toContainText('Linked')
    const linked = accounts.linkedBanks
    await expect(linked).toContainText('Demo Bank UK')
    await expect(linked).toContainText(/Last synced \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    await expect(linked).toContainText('2 accounts')
  })

  await test.step('its balances are the bank\'s, and its rows are on /transactions, categorised', async () => {
    const items = (await (
      await page.request.get('/api/plaid/items', {
        headers: { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').token)}` },
      })
    ).json()).data as { accounts: { name: string; currentBalance: number; bankBalance: number }[] }[]
    for (const a of items[0].accounts) expect(a.currentBalance).toBe(a.bankBalance)
    const current = items[0].accounts.find((a) => a.name.startsWith('Everyday'))!
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(current.currentBalance)
    await expect(accounts.card('Everyday Current ••4321')).toContainText(pounds)
    await followSidebar(page, 'Transactions')
    const tesco = transactions.row('Tesco').first()
    await expect(tesco).toContainText('Groceries')
    await expect(transactions.row('Acme Ltd').first()).toContainText('Salary')
    await followSidebar(page, 'Accounts')
    await expectNoAxeViolations(page, '/accounts with a linked bank')
    await shotBothFromTop(page, 'accounts-linked-bank')
  })

  await test.step('Simulate expiry moves it to Needs Attention; Reconnect brings it back', async () => {
    await accounts.simulateExpiry.click()
    const attention = accounts.needsAttention
    await expect(attention).toContainText('Demo Bank UK')
    await expect(attention).toContainText('2 accounts')
    await shotBothFromTop(page, 'accounts-bank-needs-attention')
    await attention.getByRole('button', { name: 'Reconnect' }).click()
    const dialog = accounts.bankDialog
    await expect(dialog.root).toContainText('Reconnect Demo Bank UK')
    await dialog.continue.click()
    await expect(dialog.root).toBeHidden({ timeout: 60_000 })
    await expect(attention).toBeHidden()
    await expect(accounts.linkedBanks).toContainText('Demo Bank UK')
  })

  await test.step('Sync now finds nothing new', async () => {
    // The reconnect's own sync said so too; let that notice go first.
    await expect(accounts.bankNotice('Already up to date')).toHaveCount(0, { timeout: 15_000 })
    await accounts.syncNow.click()
    await expect(accounts.bankNotice('Already up to date')).toBeVisible()
  })

  await test.step('Disconnect asks first, then the accounts stay as ordinary ones', async () => {
    await accounts.disconnect.click()
    const confirm = accounts.disconnectDialog('Demo Bank UK')
    await expect(confirm).toContainText('Its accounts and their transaction history stay in MySpending')
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await expect(confirm).toBeHidden()
    await expect(accounts.linkedBanks).toBeHidden()
    await expect(accounts.card('Everyday Current ••4321')).toBeVisible()
    await expect(accounts.card('Everyday Current ••4321')).not.toContainText('Linked')
    await followSidebar(page, 'Transactions')
    await expect(transactions.row('Tesco').first()).toBeVisible()
  })
})
