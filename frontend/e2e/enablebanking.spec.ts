import { expect, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import {
  closedSessions,
  EnableBankingDialog,
  FAKE_BANK,
  FAKE_ENABLE_BANKING_URL,
  FakeBankConsent,
  goToBankConsent,
  grantBankAccess,
  UI,
} from './support/enablebanking'
import { AccountsScreen, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { noticesGone, shotBoth, shotBothFromTop } from './support/shots'
import { followSidebar } from './support/users'

// The fake Enable Banking (scripts/fake-enablebanking.mjs) is what scripts/e2e.sh points the server at.
test.skip(!FAKE_ENABLE_BANKING_URL, 'needs the fake Enable Banking that scripts/e2e.sh starts')

const stamp = Date.now()

test('Enable Banking: Fake Bank UK approved at the bank links its sterling accounts; Sync now books the pending coffee once; disconnect keeps them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const email = `eve.${stamp}@e2e.test`
  await signUpFreshUser(page, request, 'Eve Enable', email)
  await grantBankAccess(request, email)
  const api = await sessionApi(page, request)
  const accounts = new AccountsScreen(page)
  const transactions = new TransactionsScreen(page)
  const dialog = new EnableBankingDialog(page)
  const bank = new FakeBankConsent(page)

  /** The statuses of the current account's COFFEE SHOP rows, as the API lists them. */
  const coffee = async () => {
    const { accounts: list } = (await api.get('/accounts')).data as { accounts: { _id: string; name: string }[] }
    const id = list.find((a) => a.name === FAKE_BANK.current)!._id
    const rows = (await api.get(`/transactions?limit=100&search=COFFEE&account=${id}`)) as { transactions: { status: string }[] }
    return rows.transactions.map((t) => t.status)
  }

  await test.step('Connect Bank → Enable Banking lists the banks, and searching "Fake" finds Fake Bank UK', async () => {
    await followSidebar(page, 'Accounts')
    await accounts.connectBank.first().click()
    await expect(dialog.howToConnect).toBeVisible()
    await dialog.enableBanking.click()
    await expect(dialog.bank('Short Consent Bank')).toBeVisible()
    await dialog.search.fill('Fake')
    await expect(dialog.bank(FAKE_BANK.name)).toBeVisible()
    await expect(dialog.bank('Short Consent Bank')).toBeHidden()
    await expectNoAxeViolations(page, 'Enable Banking bank list')
    await shotBoth(page, 'enablebanking-bank-list')
  })

  await test.step('choosing it explains what happens, and Continue goes to the bank', async () => {
    await dialog.bank(FAKE_BANK.name).click()
    for (const words of UI.explanation) await expect(dialog.root).toContainText(words)
    await dialog.continueTo(FAKE_BANK.name).click()
    await bank.expectOpen(FAKE_BANK.name)
  })

  await test.step('Approve comes back to /accounts with the sterling accounts linked and the euro one named as left out', async () => {
    await bank.approve.click()
    await expect(page).toHaveURL(/\/accounts(\?|$)/, { timeout: 60_000 })
    await expect(accounts.bankNotice(UI.connected)).toBeVisible()
    await expect(page.getByText(UI.skipped)).toBeVisible()
    await expect(accounts.linkedBanks).toContainText('Euro Saver was not linked. It is in EUR')
    // The booked balance (ITBD), not the available one that includes the overdraft.
    await expect(accounts.balance(FAKE_BANK.current)).toHaveText('£1,234.56')
    // What the card owes, which the bank gives negative.
    await expect(accounts.balance(FAKE_BANK.card)).toHaveText('-£250.40')
    await expect(accounts.card(FAKE_BANK.card)).toContainText('Limit £3,000.00')
    await expect(accounts.card(FAKE_BANK.current)).toContainText('Linked')
    await expect(accounts.linkedBanks).toContainText(FAKE_BANK.name)
    await expect(accounts.linkedBanks).toContainText('2 accounts')
    // The account holder's name is never an account's name, and the euro saver is not here.
    await expect(page.getByText('MR J SMITH')).toHaveCount(0)
    await expect(accounts.card('Euro Saver')).toHaveCount(0)
    await expectNoAxeViolations(page, '/accounts with an Enable Banking connection')
    await noticesGone(page)
    await shotBothFromTop(page, 'accounts-enablebanking-linked')
  })

  await test.step("the current account's rows: ACME LTD's salary, and the coffee still pending", async () => {
    await followSidebar(page, 'Transactions')
    await transactions.openFilters()
    await transactions.accountFilter.selectOption({ label: FAKE_BANK.currentOption })
    await expect(transactions.row('ACME LTD')).toContainText('£2,500.00')
    await expect(transactions.row('COFFEE SHOP')).toHaveCount(1)
    await expect(transactions.row('COFFEE SHOP')).toContainText(UI.pendingMark)
    // Cancelled at the bank: never imported.
    await expect(transactions.row('ONLINE ORDER')).toHaveCount(0)
    expect(await coffee()).toEqual(['pending'])
  })

  await test.step('Sync now books the coffee: one row, no longer pending', async () => {
    await followSidebar(page, 'Accounts')
    await accounts.syncNow.click()
    await expect(accounts.bankNotice(UI.synced)).toBeVisible()
    expect(await coffee()).toEqual(['completed'])
    await followSidebar(page, 'Transactions')
    await transactions.openFilters()
    await transactions.accountFilter.selectOption({ label: FAKE_BANK.currentOption })
    await expect(transactions.row('COFFEE SHOP')).toHaveCount(1)
    await expect(transactions.row('COFFEE SHOP')).not.toContainText(UI.pendingMark)
  })

  await test.step('The consent ends at the bank: Needs Attention offers Reconnect, to the bank and back to the same accounts', async () => {
    expect((await request.post(`${FAKE_ENABLE_BANKING_URL}/_control/expire`)).ok()).toBeTruthy()
    await followSidebar(page, 'Accounts')
    await accounts.syncNow.click()
    const attention = accounts.needsAttention
    await expect(attention).toContainText(FAKE_BANK.name)
    await noticesGone(page)
    await shotBothFromTop(page, 'accounts-enablebanking-needs-attention')
    await attention.getByRole('button', { name: 'Reconnect' }).click()
    await bank.expectOpen(FAKE_BANK.name)
    await bank.approve.click()
    await expect(page).toHaveURL(/\/accounts(\?|$)/, { timeout: 60_000 })
    await expect(attention).toBeHidden()
    await expect(accounts.linkedBanks).toContainText(FAKE_BANK.name)
    await expect(accounts.card(FAKE_BANK.current)).toHaveCount(1)
    await expect(accounts.card(FAKE_BANK.card)).toHaveCount(1)
  })

  await test.step('Disconnect asks first, closes the session at the provider, and the accounts stay', async () => {
    await followSidebar(page, 'Accounts')
    const closedBefore = await closedSessions(request)
    await accounts.disconnect.click()
    const confirm = accounts.disconnectDialog(FAKE_BANK.name)
    await expect(confirm).toContainText('Its accounts and their transaction history stay in MySpending')
    await confirm.getByRole('button', { name: 'Disconnect' }).click()
    await expect(confirm).toBeHidden()
    await expect(accounts.linkedBanks).toBeHidden()
    await expect(accounts.card(FAKE_BANK.current)).toBeVisible()
    await expect(accounts.card(FAKE_BANK.current)).not.toContainText('Linked')
    await expect(accounts.card(FAKE_BANK.card)).toBeVisible()
    expect(await closedSessions(request)).toBeGreaterThan(closedBefore)
  })
})

test('Enable Banking: Deny at the bank links nothing and says so', async ({ page, request }) => {
  const email = `dan.${stamp}@e2e.test`
  await signUpFreshUser(page, request, 'Dan Deny', email)
  await grantBankAccess(request, email)
  const accounts = new AccountsScreen(page)

  await followSidebar(page, 'Accounts')
  await goToBankConsent(page, FAKE_BANK.name, 'Fake')
  await new FakeBankConsent(page).deny.click()
  await expect(page).toHaveURL(/\/accounts(\?|$)/, { timeout: 30_000 })
  await expect(page.getByText(UI.denied)).toBeVisible()
  await expect(accounts.linkedBanks).toBeHidden()
  await expect(accounts.card(FAKE_BANK.current)).toHaveCount(0)
})
