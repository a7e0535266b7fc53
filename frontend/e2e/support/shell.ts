import { expect, type Locator, type Page } from '@playwright/test'

/** The app shell around every signed-in page: the sidebar (a drawer on phones) and the account menu. */
export class AppShell {
  /** The permanent sidebar of wide screens. */
  readonly sidebar: Locator
  /** The phone's top-bar button that opens the drawer. */
  readonly menuButton: Locator
  /** The phone's navigation drawer. */
  readonly drawer: Locator
  readonly accountMenu: Locator
  /** 'You're offline…', with the count of changes waiting to be sent. */
  readonly offlineBanner: Locator

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Main navigation' })
    this.menuButton = page.getByRole('button', { name: 'Open navigation menu' })
    this.drawer = page.getByRole('dialog', { name: 'Navigation' })
    this.accountMenu = page.getByRole('button', { name: 'Account menu' })
    this.offlineBanner = page.getByTestId('offline-banner')
  }

  sidebarLink(label: string) {
    return this.sidebar.getByRole('link', { name: label })
  }

  drawerLink(label: string) {
    return this.drawer.getByRole('link', { name: label })
  }

  /** Follows a link of the sidebar, or of the drawer where the screen has a menu button instead. */
  async follow(label: string) {
    // Wait for the shell: isVisible() does not wait, and the page may still be loading.
    await expect(this.menuButton.or(this.sidebar).filter({ visible: true }).first()).toBeVisible()
    if (await this.menuButton.isVisible()) {
      await this.menuButton.click()
      await this.drawerLink(label).click()
    } else {
      await this.sidebarLink(label).click()
    }
  }

  async chooseFromAccountMenu(item: 'Edit Profile' | 'Backup & Restore' | 'Logout') {
    await this.accountMenu.click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }
}
