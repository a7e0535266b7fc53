import { expect, test } from './support/test'

import { AcceptInvitationScreen, HouseholdScreen, invitationBanner } from './support/household'
import { AccountsScreen, money, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { waitForLink } from './support/mail'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'
import { notice } from './support/users'

const stamp = Date.now()
const owner = { name: 'Olive Owner', email: `olive.${stamp}@e2e.test` }
const partner = { name: 'Pat Partner', email: `pat.${stamp}@e2e.test` }
const householdName = `${owner.name}'s household`

test("the owner invites a partner, who joins from the e-mailed link leaving their own data behind; their expense on the shared account is the owner's to see, their private account never", async ({
  page,
  request,
  browser,
}) => {
  const household = new HouseholdScreen(page)

  await test.step('the owner has a shared account and invites the partner as a member', async () => {
    await signUpFreshUser(page, request, owner.name, owner.email)
    const api = await sessionApi(page, request)
    await api.post('/accounts', { name: 'Joint Current', type: 'current', initialBalance: '1500.00' })
    await new AppShell(page).chooseFromAccountMenu('Household')
    await expect(household.heading).toBeVisible()
    await expect(household.inviteRole).toHaveValue('member')
    await household.invite(partner.email)
    await expect(notice(page, `Invitation sent to ${partner.email}`)).toBeVisible()
    await expect(household.invitation(partner.email)).toContainText('Member')
    await expect(household.invitation(partner.email)).toContainText(`Invited by ${owner.name}`)
    await shotBothFromTop(page, 'household-invitations')
  })

  // The partner on a phone of their own: a second browser context, signed in as someone else.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  const pat = await phone.newPage()
  const accept = new AcceptInvitationScreen(pat)

  await test.step('the partner registers, sees the invitation on the dashboard, and keeps an account of their own', async () => {
    await signUpFreshUser(pat, phone.request, partner.name, partner.email)
    await expect(invitationBanner(pat, householdName)).toContainText(
      `${owner.name} invited you to join ${householdName} as a member`,
    )
    const api = await sessionApi(pat, phone.request)
    await api.post('/accounts', { name: 'Pat Savings', type: 'savings', initialBalance: '300.00' })
  })

  await test.step('the partner opens the link from the e-mail and joins, leaving their own data behind', async () => {
    const link = await waitForLink(partner.email, 'accept-invitation')
    await pat.goto(link.path)
    await expect(accept.heading).toBeVisible()
    await expect(pat.getByText(partner.email)).toBeVisible()
    await accept.join.click()
    // Their own account makes the server ask what happens to their data.
    await expect(accept.ownDataChoice).toBeVisible()
    await expect(accept.bringMyData).toBeVisible()
    await shotBothFromTop(pat, 'accept-invitation-choice')
    // Leaving it behind deletes it, so it is asked twice.
    await accept.leaveMyDataBehind.click()
    await expect(accept.confirmLoss).toContainText('This cannot be undone.')
    await accept.confirmLoss.getByRole('button', { name: 'Delete my data and join' }).click()
    await expect(notice(pat, `You joined ${householdName}`)).toBeVisible()
    await expect(pat).toHaveURL(/\/dashboard$/)
  })

  await test.step('the partner sees the shared account, not their own, and adds an expense on it', async () => {
    const accounts = new AccountsScreen(pat)
    await accounts.open()
    await expect(accounts.card('Joint Current')).toBeVisible()
    await expect(accounts.card('Pat Savings')).toHaveCount(0)
    const transactions = new TransactionsScreen(pat)
    await transactions.open()
    await transactions.add({
      type: 'Expense',
      amount: '42.50',
      description: 'Weekly shop for two',
      category: 'Groceries',
      account: 'Joint Current (Current Account)',
    })
    await expect(notice(pat, 'Transaction added successfully')).toBeVisible()
  })

  await test.step('the owner sees the partner in the household and their expense in the transactions', async () => {
    await page.reload()
    await expect(household.members).toHaveCount(2)
    await expect(household.member(partner.name)).toContainText('Member')
    await expect(household.roleOf(partner.name)).toHaveValue('member')
    await expect(household.invitations).toHaveCount(0)

    const transactions = new TransactionsScreen(page)
    await transactions.open()
    const row = transactions.row('Weekly shop for two')
    await expect(row).toBeVisible()
    await expect(row).toContainText('Joint Current')
    await expect(row).toContainText(`-${money(4250)}`)
  })

  await test.step('the partner keeps a savings account to themselves and tops it up from the shared account', async () => {
    const accounts = new AccountsScreen(pat)
    await accounts.open()
    await accounts.addManually.click()
    await accounts.dialog.name.fill('Pat Rainy Day')
    await accounts.dialog.type.selectOption({ label: 'Savings Account' })
    await accounts.dialog.initial.fill('250.00')
    await accounts.dialog.whoSees.selectOption({ label: 'Only me' })
    await shotBothFromTop(pat, 'private-account-form')
    await accounts.dialog.add.click()
    await expect(accounts.dialog.root).toBeHidden()
    await expect(accounts.card('Pat Rainy Day')).toContainText('Private')
    const api = await sessionApi(pat, phone.request)
    const list = (await api.get('/accounts')) as unknown as { data: { accounts: { _id: string; name: string }[] } }
    const id = (name: string) => list.data.accounts.find((a) => a.name === name)!._id
    const today = new Date().toISOString().slice(0, 10)
    await api.post('/transfers', {
      fromAccountId: id('Joint Current'),
      toAccountId: id('Pat Rainy Day'),
      amount: '20.00',
      description: 'Rainy day top-up',
      date: today,
    })
    await shotBothFromTop(pat, 'private-account-owner')
  })

  await test.step('the owner never sees the private account: only the shared side of the top-up, to a private account', async () => {
    const accounts = new AccountsScreen(page)
    await accounts.open()
    await expect(accounts.card('Joint Current')).toBeVisible()
    await expect(accounts.card('Pat Rainy Day')).toHaveCount(0)
    await expect(accounts.tile('Total Accounts')).toHaveText(/1/)
    const transactions = new TransactionsScreen(page)
    await transactions.open()
    const row = transactions.row('Rainy day top-up')
    await expect(row).toBeVisible()
    await expect(row).toContainText('Private account')
    await expect(page.getByText('Pat Rainy Day')).toHaveCount(0)
    await expect(row.getByLabel("Only the private account's owner can change this transfer")).toBeVisible()
    await shotBothFromTop(page, 'private-account-other-member')
    await row.getByRole('link', { name: 'Rainy day top-up' }).click()
    await expect(page.getByTestId('private-side')).toContainText("another member's private account")
    await shotBothFromTop(page, 'private-account-transfer-detail')
  })

  await phone.close()
})
