import { expect, type Locator, type Page } from '@playwright/test'

import { AuthScreen } from './auth'
import { AppShell } from './shell'

/** The superadmin that scripts/e2e.sh creates. */
export const ADMIN = { email: 'admin@e2e.test', password: 'AdminPass1', name: 'Ada Admin' }

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await new AuthScreen(page).logIn(email, password)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
}

/** Follows a sidebar link (the permanent sidebar on wide screens, the drawer on phones). */
export async function followSidebar(page: Page, label: string) {
  await new AppShell(page).follow(label)
}

/** A success notice (the toaster's), by its text. */
export function notice(page: Page, text: string): Locator {
  return page.getByTestId('success-notice').filter({ hasText: text })
}

/** 'Add New User' or 'Edit User'. */
export class UserDialog {
  readonly name: Locator
  readonly email: Locator
  readonly password: Locator
  readonly role: Locator
  /** 'Create' or 'Update'. */
  readonly submit: Locator

  constructor(readonly root: Locator, submit: 'Create' | 'Update', password = 'Password') {
    this.name = root.getByLabel('Name', { exact: true })
    this.email = root.getByLabel('Email', { exact: true })
    this.password = root.getByLabel(password, { exact: true })
    this.role = root.getByLabel('Role')
    this.submit = root.getByRole('button', { name: submit })
  }
}

/** Page object of /users (the table at 1440 px). */
export class UsersScreen {
  readonly addUser: Locator
  readonly addDialog: UserDialog
  readonly editDialog: UserDialog
  readonly deleteDialog: Locator
  /** The confirmation before a user is disabled (enabling needs none). */
  readonly disableDialog: Locator

  constructor(readonly page: Page) {
    this.addUser = page.getByRole('button', { name: 'Add User' })
    this.addDialog = new UserDialog(page.getByRole('dialog', { name: 'Add New User' }), 'Create')
    this.editDialog = new UserDialog(page.getByRole('dialog', { name: 'Edit User' }), 'Update', 'Password (leave blank to keep current)')
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete User' })
    this.disableDialog = page.getByRole('alertdialog', { name: 'Disable User' })
  }

  async open() {
    await this.page.goto('/users')
    await expect(this.heading()).toBeVisible()
  }

  heading() {
    return this.page.getByRole('heading', { name: 'User Management', level: 1 })
  }

  row(email: string) {
    return this.page.getByTestId('user-row').filter({ hasText: email })
  }

  /** A row's menu button. */
  actions(name: string) {
    return this.page.getByRole('button', { name: `Actions for ${name}` })
  }

  /** Opens a user's row menu and picks an entry. */
  async choose(name: string, item: string) {
    // A notice waits while the pointer is over it, and the last click (a toggle at the row's end)
    // can leave the pointer where the next notice appears: paused there, it would cover a row near
    // the bottom of the screen for good. Off the notices, it closes on time.
    await this.page.mouse.move(0, 0)
    await this.actions(name).click()
    await this.page.getByRole('menuitem', { name: item, exact: true }).click()
  }

  async add(fields: { name: string; email: string; password: string; role?: 'User' | 'Superadmin' }) {
    await this.addUser.click()
    const dialog = this.addDialog
    await dialog.name.fill(fields.name)
    await dialog.email.fill(fields.email)
    await dialog.password.fill(fields.password)
    await dialog.role.selectOption({ label: fields.role ?? 'User' })
    await dialog.submit.click()
    await expect(dialog.root).toBeHidden()
    await expect(this.row(fields.email)).toBeVisible()
  }

  accessToggle(name: string, access: 'Bank Access' | 'Finalise Access') {
    return this.page.getByRole('button', { name: new RegExp(`^${access} for ${name}: `) })
  }

  /** A permission column's (i) button, which opens what the permission allows. */
  accessHelp(access: 'Bank Access' | 'Finalise Access') {
    return this.page.getByRole('button', { name: `What ${access} allows` })
  }

  /** Picks Disable in a user's menu and confirms it. */
  async disable(name: string) {
    await this.choose(name, 'Disable')
    await expect(this.disableDialog).toContainText(`Are you sure you want to disable user "${name}"?`)
    await this.disableDialog.getByRole('button', { name: 'Disable', exact: true }).click()
    await expect(this.disableDialog).toBeHidden()
  }

  finaliseDialog(name: string) {
    return this.page.getByRole('dialog', { name: `Finalise Month for ${name}` })
  }

  activityDialog(name: string) {
    return this.page.getByRole('dialog', { name: `Activity for ${name}` })
  }
}
