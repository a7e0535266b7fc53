import { expect, type Page, test } from './support/test'

import { AuthScreen } from './support/auth'
import { NotFoundScreen } from './support/not-found'
import { signUpFreshUser } from './support/ledger'
import { ReportsScreen } from './support/reports'
import { AppShell } from './support/shell'
import { shotBoth } from './support/shots'

const stamp = Date.now()
const email = `nav.${stamp}@e2e.test`

async function logOut(page: Page) {
  await new AppShell(page).chooseFromAccountMenu('Logout')
  await expect(page).toHaveURL(/\/$/)
  await expect(page).toHaveTitle('MySpending')
}

test('deep links return after sign-in, unknown paths show a 404 page, pages have titles', async ({
  page,
  request,
}) => {
  const auth = new AuthScreen(page)
  await signUpFreshUser(page, request, 'Nadia Nav', email)
  await expect(page).toHaveTitle('Dashboard · MySpending')
  await logOut(page)

  // A signed-out deep link goes to /login, which brings the visitor back to it, query included.
  await page.goto('/reports?month=1')
  await expect(page).toHaveURL(/\/login\?next=/)
  expect(new URL(page.url()).pathname).toBe('/login')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(page).toHaveTitle('Login · MySpending')
  await auth.logIn(email, 'Secret123')
  await expect(page).toHaveURL(/\/reports\?month=1$/)
  const reports = new ReportsScreen(page)
  await expect(reports.heading).toBeVisible()
  await expect(page.getByLabel('Month')).toHaveValue('1')
  await expect(page).toHaveTitle('Reports · MySpending')

  // An unknown path, signed in: the 404 page inside the app shell, and its button goes home.
  const notFound = new NotFoundScreen(page)
  await page.goto('/transactions-old')
  await expect(notFound.heading).toBeVisible()
  await expect(notFound.message).toBeVisible()
  await expect(page).toHaveURL(/\/transactions-old$/)
  await expect(page).toHaveTitle('Page not found · MySpending')
  await shotBoth(page, 'not-found-signed-in')
  await notFound.goToDashboard.click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: /Welcome, Nadia Nav/ })).toBeVisible()
  await expect(page).toHaveTitle('Dashboard · MySpending')

  // Signed out, an unknown path shows the 404 page on its own, with a way to the home page.
  await logOut(page)
  await page.goto('/nope')
  await expect(notFound.heading).toBeVisible()
  await shotBoth(page, 'not-found-signed-out')
  await notFound.goHome.click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Take control of your spending' })).toBeVisible()

  // A return target off this site is refused: signing in opens the dashboard.
  await page.goto('/login?next=%2F%2Fevil.example')
  await auth.logIn(email, 'Secret123')
  await expect(page).toHaveURL(/\/dashboard$/)
})
