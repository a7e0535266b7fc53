import type { Locator, Page } from '@playwright/test'

/** The 404 page: inside the app shell when signed in, on its own when signed out. */
export class NotFoundScreen {
  readonly heading: Locator
  readonly message: Locator
  /** Signed in: back to /dashboard. */
  readonly goToDashboard: Locator
  /** Signed out: back to the landing page. */
  readonly goHome: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Page not found', level: 1 })
    this.message = page.getByText("We couldn't find the page you asked for.")
    this.goToDashboard = page.getByRole('link', { name: 'Go to dashboard' })
    this.goHome = page.getByRole('link', { name: 'Go to the home page' })
  }
}
