import { expect, type Locator, type Page, test } from './support/test'

import { AuthScreen } from './support/auth'
import { signUpFreshUser } from './support/ledger'

// Issue 36: /, /login and /register arrive prerendered (src/prerender), their content and CSS in
// the HTML, and the app hydrates them in place.

const email = `prerender.${Date.now()}@e2e.test`
const LANDING_HEADING = 'Take control of your spending'

/** The console's errors and warnings and the uncaught errors of a page (a hydration mismatch is one). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  return problems
}

/** Clicks a link and checks that the app followed it within the page, as a hydrated link does. */
async function followInPage(link: Locator) {
  const page = link.page()
  const from = page.url()
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
  await link.click()
  await expect(page).not.toHaveURL(from)
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
}

test('the landing page and the login and sign-up forms are in the HTML, styled, before any JavaScript runs', async ({
  browser,
  page: app,
}) => {
  // The submit button's colour as the app paints it (/register is rendered in the browser, with the
  // same button), to compare the prerendered page's with.
  await app.goto('/register')
  const teal = await new AuthScreen(app).submit.evaluate((button) => getComputedStyle(button).backgroundColor)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADING })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register')

  await page.goto('/login')
  const auth = new AuthScreen(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
  await expect(auth.email).toBeVisible()
  await expect(auth.password).toBeVisible()
  await expect(auth.submit).toHaveText('Login')
  // Chakra's CSS came with the page: the button is the app's teal, not the browser's grey.
  await expect(auth.submit).toHaveCSS('background-color', teal)

  await page.goto('/register')
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await expect(auth.name).toBeVisible()
  await expect(auth.confirmPassword).toBeVisible()
  await expect(auth.submit).toHaveText('Sign Up')
  await context.close()
})

test('the prerendered pages hydrate without a console error, and signing in works', async ({
  browser,
  page,
  request,
}) => {
  await signUpFreshUser(page, request, 'Priya Prerender', email)
  const context = await browser.newContext()
  // The prerendered heading is marked as the parser adds it: still marked once the page is the
  // app's, it was hydrated in place rather than rendered again.
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const heading = document.querySelector('h1')
      if (!heading) return
      heading.dataset.fromHtml = 'yes'
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  const visitor = await context.newPage()
  const problems = consoleProblems(visitor)
  const fromHtml = () => visitor.locator('h1').getAttribute('data-from-html')

  await visitor.goto('/')
  await expect(visitor.getByRole('heading', { level: 1, name: LANDING_HEADING })).toBeVisible()
  // The year is the visitor's, shown once the page is hydrated (useHydrated).
  await expect(visitor.getByText(`© ${new Date().getFullYear()} MySpending`)).toBeVisible()
  expect(await fromHtml()).toBe('yes')
  // The header's link is the app's now: it opens /login without loading a page.
  await followInPage(visitor.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }))
  await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()

  // /login opened directly: hydrated in place.
  await visitor.goto('/login')
  await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
  await expect(visitor).toHaveTitle('Login · MySpending')
  expect(await fromHtml()).toBe('yes')

  // /register too, and its link back to /login is the app's.
  await visitor.goto('/register')
  await expect(visitor).toHaveTitle('Sign up · MySpending')
  expect(await fromHtml()).toBe('yes')
  await followInPage(visitor.getByRole('form', { name: 'Register' }).getByRole('link', { name: 'Login' }))
  await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()

  // Signing in before the app has the form (its code held back): the submission waits for the app,
  // which sends it with what was typed.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/assets/login-*.js', async (route) => {
    await held
    await route.continue()
  })
  await visitor.goto('/login')
  await new AuthScreen(visitor).logIn(email, 'Secret123')
  await expect(visitor.getByRole('form', { name: 'Login' })).toHaveAttribute('data-submit-when-ready', '')
  expect(new URL(visitor.url()).pathname).toBe('/login')
  release()
  await expect(visitor).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await expect(visitor.getByText('Hello, Priya Prerender')).toBeVisible()
  expect(problems).toEqual([])
  await context.close()
})

test('a signed-in visitor opening / goes to the dashboard without the landing page showing', async ({
  page,
  request,
}) => {
  await signUpFreshUser(page, request, 'Sam Session', `session.${email}`)
  // From the first paint on, the heading is watched: it must never be laid out and visible.
  await page.addInitScript((heading) => {
    const seen = () => {
      for (const h of document.querySelectorAll('h1')) {
        if (h.textContent === heading && h.getClientRects().length > 0) {
          ;(window as unknown as { landingShown: boolean }).landingShown = true
        }
      }
    }
    new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true })
    document.addEventListener('DOMContentLoaded', seen)
  }, LANDING_HEADING)
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  await expect(page.getByText('Hello, Sam Session')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { landingShown?: boolean }).landingShown)).toBeUndefined()
})
