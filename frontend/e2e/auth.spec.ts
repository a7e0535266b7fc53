import { expect, test } from './support/test'

import { AuthScreen } from './support/auth'
import { waitForLink } from './support/mail'
import { AppShell } from './support/shell'
import { shotBoth } from './support/shots'

const stamp = Date.now()
const email = `jane.${stamp}@e2e.test`
const firstPassword = 'Secret123'
const newPassword = 'NewPass123'

test('the whole sign-in lifecycle', async ({ page }) => {
  const auth = new AuthScreen(page)
  const shell = new AppShell(page)
  await page.goto('/')
  await shotBoth(page, 'landing')
  await page.getByRole('link', { name: /sign up/i }).first().click()
  await expect(page).toHaveURL(/\/register$/)

  // Validation messages come from the spec.
  await auth.submit.click()
  await expect(page.getByText('Email is required')).toBeVisible()

  // Sign-up holds the rule of every password set: the hint says how strong it is, and the server
  // refuses one of the most common passwords, whatever its case, with its message on the field.
  await auth.password.fill('secret1')
  await expect(page.getByText('Strength: Weak')).toBeVisible()
  await auth.register({ name: 'Jane Doe', email, password: 'PassWord1' })
  await expect(auth.password).toHaveAccessibleErrorMessage('This password is too common. Please choose another.')
  await expect(page.getByText('Account Created!')).toBeHidden()
  await shotBoth(page, 'register-too-common')

  await auth.register({ name: 'Jane Doe', email, password: firstPassword })
  await expect(page.getByText('Account Created!')).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await shotBoth(page, 'register-done')

  // Not verified yet: login says so.
  await page.goto('/login')
  await auth.logIn(email, firstPassword)
  await expect(page.getByText(/verify your email/i)).toBeVisible()

  // Follow the link from the delivered e-mail.
  const verify = await waitForLink(email, 'verify-email')
  await page.goto(verify.path)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: /Jane Doe/ })).toBeVisible()
  await expect(page.getByText('Hello, Jane Doe')).toBeVisible()
  await shotBoth(page, 'dashboard')

  // Edit the profile.
  await shell.chooseFromAccountMenu('Edit Profile')
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill('Janet Doe')
  await shotBoth(page, 'edit-profile')
  // The new password's strength hint, as the form shows it while typing.
  await dialog.getByLabel('New Password', { exact: true }).fill('abc1')
  await expect(dialog.getByText('Strength: Weak')).toBeVisible()
  await shotBoth(page, 'edit-profile-password-hint')
  await dialog.getByLabel('New Password', { exact: true }).fill('')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Hello, Janet Doe')).toBeVisible()

  // Log out, log in.
  await shell.chooseFromAccountMenu('Logout')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/login')
  await auth.logIn(email, 'wrong-password')
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await expect(auth.email).toHaveValue(email)
  await auth.password.fill(firstPassword)
  await auth.submit.click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await shell.chooseFromAccountMenu('Logout')

  // Forgot password, follow the reset link, sign in with the new password.
  await page.goto('/login')
  await auth.forgotPassword.click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await auth.email.fill(email)
  await auth.submit.click()
  await expect(page.getByText('Check Your Email')).toBeVisible()
  await shotBoth(page, 'forgot-sent')
  const reset = await waitForLink(email, 'reset-password')
  await page.goto(reset.path)
  await auth.resetPassword('weakpass')
  await expect(page.getByText(/one uppercase letter, one lowercase letter, and one number/)).toBeVisible()
  await auth.resetPassword(newPassword)
  await expect(page.getByText(/reset/i).first()).toBeVisible()
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  await auth.logIn(email, newPassword)
  await expect(page).toHaveURL(/\/dashboard$/)

  // The used link does not work twice: the screen says so at once, without a form to fill in.
  await page.goto(reset.path)
  await expect(page.getByText('This password reset link has expired or has already been used. Please request a new one.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible()
  await expect(page.getByLabel('New Password', { exact: true })).toBeHidden()

  // The verification link opened again (a second tap in the mail) says the address is verified.
  await page.goto(verify.path)
  await expect(page.getByText('Your email is already verified')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Register Again' })).toBeHidden()
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
