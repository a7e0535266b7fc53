import { expect, test } from '@playwright/test'

import { waitForLink } from './support/mail'
import { shotBoth } from './support/shots'

const stamp = Date.now()
const email = `jane.${stamp}@e2e.test`
const firstPassword = 'secret1'
const newPassword = 'NewPass123'

test('the whole sign-in lifecycle', async ({ page }) => {
  await page.goto('/')
  await shotBoth(page, 'landing')
  await page.getByRole('link', { name: /sign up/i }).first().click()
  await expect(page).toHaveURL(/\/register$/)

  // Validation messages come from the spec.
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText('Email is required')).toBeVisible()

  await page.getByLabel('Name', { exact: true }).fill('Jane Doe')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.getByLabel('Confirm Password', { exact: true }).fill(firstPassword)
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText('Account Created!')).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await shotBoth(page, 'register-done')

  // Not verified yet: login says so.
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText(/verify your email/i)).toBeVisible()

  // Follow the link from the delivered e-mail.
  const verify = await waitForLink(email, 'verify-email')
  await page.goto(verify.path)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: /Jane Doe/ })).toBeVisible()
  await expect(page.getByText('Hello, Jane Doe')).toBeVisible()
  await shotBoth(page, 'dashboard')

  // Edit the profile.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill('Janet Doe')
  await shotBoth(page, 'edit-profile')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Hello, Janet Doe')).toBeVisible()

  // Log out, log in.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()

  // Forgot password, follow the reset link, sign in with the new password.
  await page.goto('/login')
  await page.getByRole('link', { name: /forgot/i }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText('Check Your Email')).toBeVisible()
  await shotBoth(page, 'forgot-sent')
  const reset = await waitForLink(email, 'reset-password')
  await page.goto(reset.path)
  await page.getByLabel('New Password', { exact: true }).fill('weakpass')
  await page.getByLabel('Confirm New Password', { exact: true }).fill('weakpass')
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText(/one uppercase letter, one lowercase letter, and one number/)).toBeVisible()
  await page.getByLabel('New Password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword)
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText(/reset/i).first()).toBeVisible()
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // The used link does not work twice.
  await page.goto(reset.path)
  await page.getByLabel('New Password', { exact: true }).fill('Another123')
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Another123')
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText(/Invalid or expired reset token/)).toBeVisible()
})

test('unknown paths and guards follow the routing rules', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveURL(/\/no-such-page$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
  await page.goto('/reset-password')
  await expect(page.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeVisible()
})
