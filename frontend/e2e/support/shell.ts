import { expect, type Locator, type Page } from '@playwright/test'

/** The app shell around every signed-in page: the sidebar (a drawer on phones) and the account menu. */
export class AppShell {
  /** The permanent sidebar of wide screens. */
  readonly sidebar: Locator
  /** The phone's top-bar button that opens the drawer. */
  readonly menuButton: Locator
  /** The phone's navigation drawer. */
  readonly drawer: Locator
  /** The drawer's close button. */
  readonly drawerClose: Locator
  /** The phone top bar's name of the screen ('Transactions'). */
  readonly topBarTitle: Locator
  readonly accountMenu: Locator
  /** 'You're offline…', with the count of changes waiting to be sent. */
  readonly offlineBanner: Locator
  /** The open menu (the account menu's items, the theme choices). */
  readonly menu: Locator
  /** The page's first level-one heading: the screen has rendered. */
  readonly heading: Locator
  /** The document element, which carries the colour mode's class. */
  readonly html: Locator
  /** `<meta name="theme-color">`, the colour of the browser's bar. */
  readonly themeColor: Locator

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Main navigation' })
    this.menuButton = page.getByRole('button', { name: 'Open navigation menu' })
    this.drawer = page.getByRole('dialog', { name: 'Navigation' })
    this.drawerClose = this.drawer.getByRole('button', { name: 'Close navigation menu' })
    this.topBarTitle = page.getByTestId('top-bar-title')
    this.accountMenu = page.getByRole('button', { name: 'Account menu' })
    this.offlineBanner = page.getByTestId('offline-banner')
    this.menu = page.getByRole('menu')
    this.heading = page.getByRole('heading', { level: 1 }).first()
    this.html = page.locator('html')
    this.themeColor = page.locator('meta[name="theme-color"]')
  }

  /** A screen's own level-one heading ('Accounts'). */
  screenHeading(name: string) {
    return this.page.getByRole('heading', { name, level: 1 })
  }

  /** Every alert on the page (load errors), or those with `text`. */
  alerts(text?: string) {
    const all = this.page.getByRole('alert')
    return text === undefined ? all : all.filter({ hasText: text })
  }

  /** A notice announced as a status ('Budget removed successfully'). */
  status(text: string) {
    return this.page.getByRole('status').filter({ hasText: text })
  }

  /** The open confirmation (an alert dialog, whatever it asks). */
  get confirmation() {
    return this.page.getByRole('alertdialog')
  }

  /** Answers the open confirmation with its `button` ('Delete'). */
  async confirm(button: string) {
    await this.confirmation.getByRole('button', { name: button, exact: true }).click()
  }

  /** A theme choice of the open account menu. */
  themeOption(label: 'Light' | 'Dark' | 'System') {
    return this.page.getByRole('menuitemradio', { name: label })
  }

  /** Picks a theme from the account menu and waits for the menu to close. */
  async chooseTheme(label: 'Light' | 'Dark' | 'System') {
    await this.accountMenu.click()
    await this.themeOption(label).click()
    await expect(this.menu).toBeHidden()
  }

  sidebarLink(label: string) {
    return this.sidebar.getByRole('link', { name: label })
  }

  drawerLink(label: string) {
    return this.drawer.getByRole('link', { name: label })
  }

  /** Every link of the open drawer. */
  get drawerLinks() {
    return this.drawer.getByRole('link')
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

  async chooseFromAccountMenu(
    item: 'Edit Profile' | 'Security' | 'API Tokens' | 'Household' | 'Backup & Restore' | 'Logout',
  ) {
    await this.accountMenu.click()
    await this.page.getByRole('menuitem', { name: item }).click()
  }
}
