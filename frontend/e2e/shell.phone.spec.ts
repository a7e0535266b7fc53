import { expect, test } from '@playwright/test'

import { shot } from './support/shots'

test('on a phone the sidebar is a drawer behind the menu button', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill('admin@e2e.test')
  await page.getByLabel('Password', { exact: true }).fill('AdminPass1')
  await page.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Hello, Ada Admin')).toBeVisible()
  await shot(page, 'phone-dashboard')

  await page.getByRole('button', { name: 'Open navigation menu' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await shot(page, 'phone-drawer')
  await drawer.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
