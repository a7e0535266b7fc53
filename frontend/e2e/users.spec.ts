import { expect, type Page, test } from './support/test'

import { AccountsScreen } from './support/ledger'
import { AppShell } from './support/shell'
import { noticesGone, shot, shotBothFromTop } from './support/shots'
import { ADMIN, followSidebar, notice, signIn, UsersScreen } from './support/users'

const stamp = Date.now()
/** Why Connect Bank is off for a user without bank access (the dashboard says the same). */
const BANK_HINT = 'Ask your administrator to allow bank linking.'

/** A dialog as it looks over the page at 1440 and at 375 px (just the screen, not the whole page). */
async function shotDialogBoth(page: Page, name: string) {
  const before = page.viewportSize()
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 })
    await page.waitForTimeout(250)
    await shot(page, name, { fullPage: false })
  }
  if (before) await page.setViewportSize(before)
}

test('the superadmin adds a user, disables and enables them, grants bank access and sees the activity', async ({
  page,
  browser,
}) => {
  const uma = { name: 'Uma User', email: `uma.${stamp}@e2e.test`, password: 'Secret123' }
  const users = new UsersScreen(page)

  await test.step('the superadmin opens User Management from the sidebar', async () => {
    await signIn(page, ADMIN.email, ADMIN.password)
    await followSidebar(page, 'User Management')
    await expect(page).toHaveURL(/\/users$/)
    await expect(users.heading()).toBeVisible()
    await expect(users.row(ADMIN.email)).toContainText('Superadmin')
    // Their own row cannot be changed.
    await expect(users.actions(ADMIN.name)).toBeDisabled()
    await expect(users.accessToggle(ADMIN.name, 'Bank Access')).toBeDisabled()
  })

  await test.step('the permission columns say what they allow, from the keyboard', async () => {
    await users.accessHelp('Finalise Access').focus()
    await page.keyboard.press('Enter')
    const help = page.getByTestId('access-help')
    await expect(help).toContainText('May finalise a month of their recurring transactions')
    await page.keyboard.press('Escape')
    await expect(help).toBeHidden()
    await expect(users.accessHelp('Finalise Access')).toBeFocused()
  })

  await test.step('the add dialog checks the form, then creates the user', async () => {
    await users.addUser.click()
    const dialog = users.addDialog
    await dialog.submit.click()
    await expect(dialog.root.getByText('Password is required')).toBeVisible()
    await dialog.name.fill(uma.name)
    await dialog.email.fill(uma.email)
    await shotDialogBoth(page, 'users-add-dialog')
    await dialog.password.fill(uma.password)
    await dialog.submit.click()
    await expect(dialog.root).toBeHidden()
    await expect(notice(page, 'User created successfully')).toBeVisible()
    const row = users.row(uma.email)
    await expect(row).toContainText(uma.name)
    await expect(row).toContainText('User')
    await expect(row).toContainText('Active')
    await expect(row.getByRole('img', { name: 'Verified' })).toBeVisible()
    await expect(users.accessToggle(uma.name, 'Bank Access')).toHaveText('Disabled')
    // The screenshots show the floating Add User button on a phone, not the notice over it.
    await noticesGone(page)
    await shotBothFromTop(page, 'users')
  })

  const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const userPage = await userContext.newPage()
  const userAccounts = new AccountsScreen(userPage)

  await test.step('the new user signs in, and sees Connect Bank switched off with the reason', async () => {
    await signIn(userPage, uma.email, uma.password)
    await followSidebar(userPage, 'Accounts')
    await expect(userAccounts.heading).toBeVisible()
    await expect(userAccounts.addManually).toBeVisible()
    await userPage.waitForLoadState('networkidle')
    await expect(userAccounts.connectBank.first()).toBeDisabled()
    await expect(userAccounts.connectBank.first()).toHaveAccessibleDescription(BANK_HINT)
    await expect(userPage.getByText(BANK_HINT)).toBeVisible()
    await expect(new AppShell(userPage).sidebarLink('User Management')).toHaveCount(0)
  })

  await test.step("the superadmin disables them after confirming; the user's next click lands on Account Disabled", async () => {
    await users.choose(uma.name, 'Disable')
    await expect(users.disableDialog).toContainText(`Are you sure you want to disable user "${uma.name}"?`)
    await expect(users.disableDialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await users.disableDialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(users.disableDialog).toBeHidden()
    await expect(users.row(uma.email)).toContainText('Active')
    await users.disable(uma.name)
    await expect(notice(page, 'User disabled successfully')).toBeVisible()
    await expect(users.row(uma.email)).toContainText('Disabled')

    await followSidebar(userPage, 'Transactions')
    await expect(userPage).toHaveURL(/\/account-disabled$/)
    await expect(userPage.getByRole('heading', { name: 'Account Disabled' })).toBeVisible()
    await expect(userPage.getByText('Your account has been disabled by an administrator.')).toBeVisible()
  })

  await test.step('the superadmin enables them (no question asked) and grants bank access', async () => {
    await users.choose(uma.name, 'Enable')
    await expect(notice(page, 'User enabled successfully')).toBeVisible()
    await expect(users.disableDialog).toHaveCount(0)
    await expect(users.row(uma.email)).toContainText('Active')
    await users.accessToggle(uma.name, 'Bank Access').click()
    await expect(users.accessToggle(uma.name, 'Bank Access')).toHaveText('Enabled')
    await expect(notice(page, 'Bank access granted')).toBeVisible()
  })

  await test.step('the user signs in again and can connect a bank', async () => {
    await userPage.getByRole('button', { name: 'Back to Login' }).click()
    await expect(userPage).toHaveURL(/\/login$/)
    await signIn(userPage, uma.email, uma.password)
    await followSidebar(userPage, 'Accounts')
    const connect = userAccounts.connectBank
    await expect(connect.first()).toBeVisible()
    await connect.first().click()
    await userAccounts.bankDialog.chooseDemoBank.click()
    // Without Plaid settings the server links the built-in demo bank.
    const dialog = userAccounts.bankDialog
    await expect(dialog.root).toContainText('Demo Bank UK')
    await dialog.cancel.click()
    await expect(dialog.root).toBeHidden()
    await expect(userPage.getByText('Bank connection was cancelled')).toBeVisible()
  })

  await test.step('a revoked access goes from /accounts on the next visit, without signing out', async () => {
    await users.accessToggle(uma.name, 'Bank Access').click()
    await expect(notice(page, 'Bank access revoked')).toBeVisible()
    await followSidebar(userPage, 'Dashboard')
    await expect(userPage).toHaveURL(/\/dashboard$/)
    await followSidebar(userPage, 'Accounts')
    await expect(userAccounts.heading).toBeVisible()
    await expect(userAccounts.connectBank.first()).toBeDisabled()
    await expect(userPage.getByText(BANK_HINT)).toBeVisible()
  })
  await userContext.close()

  await test.step('the superadmin reads the activity, newest first', async () => {
    await users.choose(uma.name, 'View Activity')
    const dialog = users.activityDialog(uma.name)
    const entries = dialog.getByTestId('audit-entry')
    await expect(entries).toHaveCount(5)
    const actions = await entries.locator('[data-action]').evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-action')),
    )
    expect(actions).toEqual([
      'toggle_bank_access',
      'toggle_bank_access',
      'toggle_status',
      'toggle_status',
      'create',
    ])
    await expect(entries.nth(0)).toContainText('Bank access revoked')
    await expect(entries.nth(2)).toContainText('Enabled')
    await expect(entries.nth(3)).toContainText('Disabled')
    await expect(entries.nth(4)).toContainText(`Created ${uma.email} as user`)
    await expect(entries.nth(4)).toContainText(`By ${ADMIN.email}`)
    await noticesGone(page)
    await shotDialogBoth(page, 'users-activity')
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await expect(dialog).toBeHidden()
  })
})

test('the superadmin edits, finalises a month for and deletes a user, after confirming', async ({ page }) => {
  const dee = { name: 'Dee Delete', email: `dee.${stamp}@e2e.test` }
  const users = new UsersScreen(page)
  await signIn(page, ADMIN.email, ADMIN.password)
  await users.open()
  await users.add({ ...dee, password: 'Secret123' })

  await test.step('edit with a blank password keeps it; the role changes', async () => {
    await users.choose(dee.name, 'Edit')
    const dialog = users.editDialog
    await expect(dialog.password).toHaveValue('')
    await dialog.role.selectOption({ label: 'Superadmin' })
    await dialog.submit.click()
    await expect(dialog.root).toBeHidden()
    await expect(notice(page, 'User updated successfully')).toBeVisible()
    await expect(users.row(dee.email)).toContainText('Superadmin')
  })

  await test.step('finalise month defaults to this London month', async () => {
    await users.choose(dee.name, 'Finalise Month')
    const dialog = users.finaliseDialog(dee.name)
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .split('-')
    await expect(dialog.getByLabel('Month')).toHaveValue(String(Number(month)))
    await expect(dialog.getByLabel('Year')).toHaveValue(year!)
    await shotDialogBoth(page, 'users-finalise-dialog')
    await dialog.getByRole('button', { name: 'Finalise' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: 'Month finalised successfully' }).first()).toBeVisible()
  })

  await test.step('delete asks first, opening on Cancel', async () => {
    await users.choose(dee.name, 'Delete')
    const confirm = users.deleteDialog
    await expect(confirm).toContainText(
      `Are you sure you want to delete user "${dee.name}"? This action cannot be undone.`,
    )
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(users.row(dee.email)).toBeVisible()

    await users.choose(dee.name, 'Delete')
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(confirm).toBeHidden()
    await expect(notice(page, 'User deleted successfully')).toBeVisible()
    await expect(users.row(dee.email)).toHaveCount(0)
  })
})
