import { expect, type Locator, type Page } from '@playwright/test'

/** The superadmin that scripts/e2e.sh creates. */
export const ADMIN = { email: 'admin@e2e.test', password: 'AdminPass1', name: 'Ada Admin' }

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
}

/** Follows a sidebar link (the permanent sidebar on wide screens, the drawer on phones). */
export async function followSidebar(page: Page, label: string) {
  const menuButton = page.getByRole('button', { name: 'Open navigation menu' })
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' })
  // Wait for the shell: isVisible() does not wait, and the page may still be loading.
  await expect(menuButton.or(sidebar).filter({ visible: true }).first()).toBeVisible()
  if (await menuButton.isVisible()) {
    await menuButton.click()
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: label }).click()
  } else {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label }).click()
  }
}

/** A success notice (the toaster's), by its text. */
export function notice(page: Page, text: string): Locator {
  return page.getByTestId('success-notice').filter({ hasText: text })
}

/** Page object of /users (the table at 1440 px). */
export class UsersScreen {
  constructor(readonly page: Page) {}

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

  /** Opens a user's row menu and picks an entry. */
  async choose(name: string, item: string) {
    // A notice waits while the pointer is over it, and the last click (a toggle at the row's end)
    // can leave the pointer where the next notice appears: paused there, it would cover a row near
    // the bottom of the screen for good. Off the notices, it closes on time.
    await this.page.mouse.move(0, 0)
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click()
    await this.page.getByRole('menuitem', { name: item, exact: true }).click()
  }

  async add(fields: { name: string; email: string; password: string; role?: 'User' | 'Superadmin' }) {
    await this.page.getByRole('button', { name: 'Add User' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Add New User' })
    await dialog.getByLabel('Name', { exact: true }).fill(fields.name)
    await dialog.getByLabel('Email', { exact: true }).fill(fields.email)
    await dialog.getByLabel('Password', { exact: true }).fill(fields.password)
    await dialog.getByLabel('Role').selectOption({ label: fields.role ?? 'User' })
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.row(fields.email)).toBeVisible()
  }

  accessToggle(name: string, access: 'Bank Access' | 'Finalise Access') {
    return this.page.getByRole('button', { name: new RegExp(`^${access} for ${name}: `) })
  }
}
