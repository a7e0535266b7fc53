import { expect, type Locator, type Page } from '@playwright/test'

/** What the installable app shows of itself: the install banner, the update prompt, the page's links. */
export class PwaScreen {
  /** The 'Install MySpending' card. */
  readonly installBanner: Locator
  readonly installBannerHeading: Locator
  readonly installApp: Locator
  readonly notNow: Locator
  /** 'A new version is available', with Reload. */
  readonly updatePrompt: Locator
  readonly reload: Locator
  /** The page's first level-one heading: the screen has rendered. */
  readonly heading: Locator
  readonly manifestLink: Locator
  readonly appleTouchIcon: Locator

  constructor(readonly page: Page) {
    this.installBanner = page.getByRole('region', { name: 'Install MySpending' })
    this.installBannerHeading = this.installBanner.getByRole('heading', { name: 'Install MySpending' })
    this.installApp = page.getByRole('button', { name: 'Install App' })
    this.notNow = page.getByRole('button', { name: 'Not Now' })
    this.updatePrompt = page.getByRole('status').filter({ hasText: 'A new version is available' })
    this.reload = this.updatePrompt.getByRole('button', { name: 'Reload' })
    this.heading = page.getByRole('heading', { level: 1 }).first()
    this.manifestLink = page.locator('link[rel="manifest"]')
    this.appleTouchIcon = page.locator('link[rel="apple-touch-icon"]')
  }

  /** A screen's own level-one heading ('Transactions'). */
  screenHeading(name: string) {
    return this.page.getByRole('heading', { name, level: 1 })
  }

  /** A status notice with this text ('MySpending is installed…'). */
  status(text: string) {
    return this.page.getByRole('status').filter({ hasText: text })
  }

  /**
   * Fires the install offer Chromium would fire (headless Chromium never offers): an Event named
   * beforeinstallprompt with prompt() and userChoice, answering the dialog with `outcome`.
   */
  async offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
    await this.page.evaluate((answer) => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          ;(window as Window & { prompted?: number }).prompted = ((window as Window & { prompted?: number }).prompted ?? 0) + 1
        },
        userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
      })
      window.dispatchEvent(offer)
    }, outcome)
  }

  /** How many times the app called the offer's prompt(). */
  async promptCount() {
    return this.page.evaluate(() => (window as Window & { prompted?: number }).prompted)
  }

  /** Waits until a service worker is active and controls the page (a reload makes sure of it). */
  async waitForControl() {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await this.page.reload()
    await expect(this.heading).toBeVisible()
    expect(await this.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/)
  }
}
