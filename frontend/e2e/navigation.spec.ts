import { expect, type Page, test } from '@playwright/test'

import { signUpFreshUser } from './support/ledger'
import { shotBoth } from './support/shots'

const stamp = Date.now()
const email = `nav.${stamp}@e2e.test`

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page).toHaveTitle('MySpending')
}

test('deep links return after sign-in, unknown paths show a 404 page, pages have titles', async ({
  page,
  request,
}) => {
  await signUpFreshUser(page, request, 'Nadia Nav', email)
  await expect(page).toHaveTitle('Dashboard · MySpending')
  await logOut(page)

  // A signed-out deep link goes to /login, which brings the visitor back to it, query included.
  await page.goto('/reports?month=1')
  await expect(page).toHaveURL(/\/login\?next=/)
  expect(new URL(page.url()).pathname).toBe('/login')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(page).toHaveTitle('Login · MySpending')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('secret1')
  await page.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/reports\?month=1$/)
  await expect(page.getByRole('heading', { name: 'Financial Reports', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Month')).toHaveValue('1')
  await expect(page).toHaveTitle('Reports · MySpending')

  // An unknown path, signed in: the 404 page inside the app shell, and its button goes home.
  await page.goto('/transactions-old')
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible()
  await expect(page.getByText("We couldn't find the page you asked for.")).toBeVisible()
  await expect(page).toHaveURL(/\/transactions-old$/)
  await expect(page).toHaveTitle('Page not found · MySpending')
  await shotBoth(page, 'not-found-signed-in')
  await page.getByRole('link', { name: 'Go to dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: /Welcome back, Nadia Nav/ })).toBeVisible()
  await expect(page).toHaveTitle('Dashboard · MySpending')

  // Signed out, an unknown path shows the 404 page on its own, with a way to the home page.
  await logOut(page)
  await page.goto('/nope')
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible()
  await shotBoth(page, 'not-found-signed-out')
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Take control of your spending' })).toBeVisible()

  // A return target off this site is refused: signing in opens the dashboard.
  await page.goto('/login?next=%2F%2Fevil.example')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('secret1')
  await page.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
