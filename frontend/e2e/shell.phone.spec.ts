import { expect, test } from '@playwright/test'

import { AuthScreen } from './support/auth'
import { AppShell } from './support/shell'
import { shot } from './support/shots'
import { ADMIN } from './support/users'

test('on a phone the sidebar is a drawer behind the menu button', async ({ page }) => {
  const shell = new AppShell(page)
  await page.goto('/login')
  await new AuthScreen(page).logIn(ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Hello, Ada Admin')).toBeVisible()
  await shot(page, 'phone-dashboard')

  await shell.menuButton.click()
  await expect(shell.drawerLink('Dashboard')).toBeVisible()
  await shot(page, 'phone-drawer')
  await shell.drawerLink('Dashboard').click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
