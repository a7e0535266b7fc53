import type { Locator, Page } from '@playwright/test'

/**
 * Page object of the signed-out forms: /login, /register, /forgot-password and /reset-password.
 * Each shows one form with one submit button; the fields are found by their labels.
 */
export class AuthScreen {
  readonly name: Locator
  readonly email: Locator
  readonly password: Locator
  readonly confirmPassword: Locator
  readonly newPassword: Locator
  readonly confirmNewPassword: Locator
  readonly submit: Locator
  readonly forgotPassword: Locator

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Name', { exact: true })
    this.email = page.getByLabel('Email', { exact: true })
    this.password = page.getByLabel('Password', { exact: true })
    this.confirmPassword = page.getByLabel('Confirm Password', { exact: true })
    this.newPassword = page.getByLabel('New Password', { exact: true })
    this.confirmNewPassword = page.getByLabel('Confirm New Password', { exact: true })
    this.submit = page.locator('form button[type="submit"]')
    this.forgotPassword = page.getByRole('link', { name: /forgot/i })
  }

  /** Fills in /login and sends it; where it leads is the journey's to check. */
  async logIn(email: string, password: string) {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.submit.click()
  }

  /** Fills in /register and sends it. */
  async register(fields: { name: string; email: string; password: string }) {
    await this.name.fill(fields.name)
    await this.email.fill(fields.email)
    await this.password.fill(fields.password)
    await this.confirmPassword.fill(fields.password)
    await this.submit.click()
  }

  /** Fills in /reset-password (both fields the same) and sends it. */
  async resetPassword(password: string) {
    await this.newPassword.fill(password)
    await this.confirmNewPassword.fill(password)
    await this.submit.click()
  }
}
