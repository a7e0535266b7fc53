import { expect, test } from './support/test'

import { AuthScreen } from './support/auth'
import { HouseholdScreen, invitationBanner, madeBy, READ_ONLY, readOnlyHint, recentActivity } from './support/household'
import { AccountsScreen, londonDay, sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { waitForLink } from './support/mail'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'
import { notice } from './support/users'

const stamp = Date.now()
const owner = { name: 'Vera Owner', email: `vera.${stamp}@e2e.test` }
const member = { name: 'Milo Member', email: `milo.${stamp}@e2e.test` }
const viewer = { name: 'Val Viewer', email: `val.${stamp}@e2e.test` }
const householdName = `${owner.name}'s household`

test("a viewer invited by the owner registers from the e-mailed link, joins, and reads the household's books with every write control off, saying why; the owner sees who made each expense", async ({
  page,
  request,
  browser,
}) => {
  const household = new HouseholdScreen(page)

  await test.step('the owner has a shared account with an expense, and invites a viewer', async () => {
    await signUpFreshUser(page, request, owner.name, owner.email)
    const api = await sessionApi(page, request)
    const joint = await api.post('/accounts', { name: 'Joint Current', type: 'current', initialBalance: '1500.00' })
    await api.post('/transactions', {
      accountId: joint._id,
      amount: '64.20',
      type: 'expense',
      description: 'Big shop',
      categoryId: api.categoryId('Groceries'),
      date: londonDay(-1),
    })
    await new AppShell(page).chooseFromAccountMenu('Household')
    await household.invite(viewer.email, 'Viewer')
    await expect(notice(page, `Invitation sent to ${viewer.email}`)).toBeVisible()
    await expect(household.invitation(viewer.email)).toContainText('Viewer')
  })

  await test.step('a member joins through the API and spends on the shared account', async () => {
    const api = await sessionApi(page, request)
    await api.post('/household/invitations', { email: member.email, role: 'member' })
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const milo = await context.newPage()
    await signUpFreshUser(milo, context.request, member.name, member.email)
    const link = await waitForLink(member.email, 'accept-invitation')
    await (await sessionApi(milo, context.request)).post('/household/invitations/accept', { token: link.path.split('/').pop() })
    // Read again after joining: the household's categories, not the ones Milo started with.
    const asMilo = await sessionApi(milo, context.request)
    const accounts = (await asMilo.get('/accounts')) as { data: { accounts: { _id: string; name: string }[] } }
    await asMilo.post('/transactions', {
      accountId: accounts.data.accounts.find((a) => a.name === 'Joint Current')!._id,
      amount: '18.75',
      type: 'expense',
      description: 'Pizza night',
      categoryId: asMilo.categoryId('Groceries'),
      date: londonDay(0),
    })
    await context.close()
  })

  // The viewer on a phone of their own: a second browser context, signed out.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  const val = await phone.newPage()

  await test.step('the viewer opens the link from the e-mail, creates an account with that address, and joins', async () => {
    const link = await waitForLink(viewer.email, 'accept-invitation')
    await val.goto(link.path)
    await val.getByRole('link', { name: 'Create an account' }).click()
    await expect(val).toHaveURL(/\/register/)
    await new AuthScreen(val).register({ name: viewer.name, email: viewer.email, password: 'Secret123' })
    await expect(val.getByText('Account Created!')).toBeVisible()
    const verify = await waitForLink(viewer.email, 'verify-email')
    await val.goto(verify.path)
    await expect(val).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
    const banner = invitationBanner(val, householdName)
    await expect(banner).toContainText(`${owner.name} invited you to join ${householdName} as a viewer`)
    await banner.getByRole('button', { name: 'Join', exact: true }).click()
    await expect(notice(val, `You joined ${householdName}`)).toBeVisible()
  })

  await test.step("the viewer's dashboard: Add off, saying why, and who made the latest expenses", async () => {
    // No reload: joining hands the app the household, and the controls go off at once.
    await expect(readOnlyHint(val)).toHaveText(READ_ONLY)
    const fab = val.getByRole('button', { name: 'Add transaction' })
    await expect(fab).toBeDisabled()
    await expect(fab).toHaveAttribute('title', READ_ONLY)
    await expect(val.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
    const recent = recentActivity(val)
    await expect(recent.getByTestId('activity-row').filter({ hasText: 'Pizza night' })).toContainText('Milo')
    await expect(recent.getByTestId('activity-row').filter({ hasText: 'Big shop' })).toContainText('Vera')
    await shotBothFromTop(val, 'household-viewer-dashboard')
  })

  await test.step("the viewer reads the owner's account and the household's transactions, and can change none of them", async () => {
    const accounts = new AccountsScreen(val)
    await accounts.open()
    await expect(accounts.card('Joint Current')).toBeVisible()
    await expect(readOnlyHint(val)).toHaveText(READ_ONLY)
    await expect(accounts.addManually).toBeDisabled()
    await expect(accounts.card('Joint Current').getByRole('button', { name: 'Actions for Joint Current' })).toBeDisabled()

    const transactions = new TransactionsScreen(val)
    await transactions.open()
    await expect(readOnlyHint(val)).toHaveText(READ_ONLY)
    await expect(transactions.addButton).toBeDisabled()
    await expect(transactions.phoneRow('Pizza night')).toBeVisible()
    await expect(madeBy(transactions.phoneRow('Pizza night'), member.name)).toHaveText('MM')
    await expect(madeBy(transactions.phoneRow('Big shop'), owner.name)).toHaveText('VO')
    await shotBothFromTop(val, 'household-viewer-transactions')

    // On a wide screen the table's edit and delete are there, off, with the reason as their tooltip.
    await val.setViewportSize({ width: 1440, height: 900 })
    const edit = transactions.editButton('Pizza night')
    await expect(edit).toBeDisabled()
    await expect(edit).toHaveAttribute('title', READ_ONLY)
    await expect(transactions.deleteButton('Big shop')).toBeDisabled()
    await expect(transactions.addButton).toBeDisabled()
    await expect(val.getByRole('button', { name: 'Import statement' })).toBeDisabled()
    // Reading stays: the export is not a change.
    await expect(transactions.exportCsv).toBeEnabled()
  })

  await test.step("the owner sees each expense's maker, and can filter by them", async () => {
    const transactions = new TransactionsScreen(page)
    await transactions.open()
    await expect(madeBy(transactions.row('Pizza night'), member.name)).toHaveText('MM')
    await expect(madeBy(transactions.row('Big shop'), owner.name)).toHaveText('VO')
    await expect(transactions.editButton('Pizza night')).toBeEnabled()
    await expect(readOnlyHint(page)).toHaveCount(0)
    await transactions.openFilters()
    await page.getByRole('combobox', { name: 'Made by' }).selectOption({ label: member.name })
    await expect(transactions.row('Big shop')).toHaveCount(0)
    await expect(transactions.row('Pizza night')).toBeVisible()
    await expect(page).toHaveURL(/createdBy=/)
  })

  await phone.close()
})
