import { expect, test } from './support/test'

import { ApiTokensScreen, DocsScreen } from './support/api-tokens'
import { axeOn, describeViolations, expectNoAxeViolations } from './support/axe'
import { sessionApi, signUpFreshUser } from './support/ledger'
import { AppShell } from './support/shell'
import { shot, shotBoth } from './support/shots'

const stamp = Date.now()
const READ_ONLY = 'This token is read-only'

test('a token made on the profile screen works from /docs, read-only ones only read, and a revoked one is refused', async ({
  page,
  context,
  request,
}) => {
  test.slow()
  const tokens = new ApiTokensScreen(page)
  const docs = new DocsScreen(page)
  let secret = ''
  let readOnly = ''

  await test.step('sign up with an account of our own', async () => {
    await signUpFreshUser(page, request, 'Tia Token', `tia.${stamp}@e2e.test`)
    const api = await sessionApi(page, request)
    await api.post('/accounts', { name: 'Token Test Current', type: 'current', initialBalance: 250 })
  })

  await test.step('make a read-write token on Profile → API tokens and copy it', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await new AppShell(page).chooseFromAccountMenu('API Tokens')
    await expect(page).toHaveURL(/\/settings\/api-tokens$/)
    await expect(tokens.heading).toBeVisible()
    await expect(page.getByText('You have no API tokens.')).toBeVisible()
    secret = await tokens.add('Journey script', 'Read and write')
    expect(secret).toMatch(/^msp_[0-9a-f]{64}$/)
    await expect(tokens.shown).toContainText('It will not be shown again')
    await tokens.copy.click()
    await expect(tokens.shown.getByText('Copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await shotBoth(page, 'api-tokens-shown-once')
    await expectNoAxeViolations(page, 'the new token dialog')
    await tokens.done.click()
    await expect(tokens.shown).toBeHidden()
    await expect(tokens.row('Journey script')).toContainText('Read and write')
    await expect(tokens.row('Journey script')).toContainText('Never used')
    // Shown once: the screen never shows it again.
    await expect(page.getByText(secret)).toHaveCount(0)
    readOnly = await tokens.add('Read-only script', 'Read-only')
    await tokens.done.click()
    await shotBoth(page, 'api-tokens-list')
  })

  await test.step("open /docs and use 'Try it out' with the token on GET /api/accounts", async () => {
    await page.goto('/docs')
    await expect(docs.heading).toBeVisible()
    await expect(docs.ui.locator('.info .title')).toContainText('MySpending', { timeout: 20_000 })
    await docs.useToken(secret)
    const block = await docs.open('accounts', 'accountList')
    const answer = await docs.execute(block)
    expect(answer.status).toBe('200')
    expect(answer.text).toContain('Token Test Current')
    await shotBoth(page, 'api-docs-try-it')
    // Our frame of the page; Swagger UI's own markup is its authors'.
    const { violations } = await axeOn(page).exclude('.swagger-ui').analyze()
    expect(violations, describeViolations(violations)).toEqual([])
  })

  await test.step("a read-only token's POST is refused, and a revoked token answers 401", async () => {
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const refused = await request.post('/api/accounts', {
      headers: bearer(readOnly),
      data: { name: 'Should not exist', type: 'cash', initialBalance: 1 },
    })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).message).toBe(READ_ONLY)
    expect((await request.get('/api/accounts', { headers: bearer(readOnly) })).status()).toBe(200)

    await page.goto('/settings/api-tokens')
    await expect(tokens.row('Journey script')).toContainText('Last used')
    await tokens.revoke('Journey script')
    const after = await request.get('/api/accounts', { headers: bearer(secret) })
    expect(after.status()).toBe(401)
  })
})

for (const width of [375, 1440]) {
  test(`the landing page's footer opens help, privacy, terms, the API reference and status at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 })
    const pages = [
      { link: 'Help', path: '/help', heading: 'Help', text: 'The API and tokens' },
      { link: 'Privacy', path: '/privacy', heading: 'Privacy', text: 'AES-256-GCM' },
      { link: 'Terms', path: '/terms', heading: 'Terms', text: 'MIT licence' },
      { link: 'API reference', path: '/docs', heading: 'API reference', text: 'Authorize' },
      { link: 'Status', path: '/status', heading: 'Status', text: 'Database: working' },
    ]
    for (const { link, path, heading, text } of pages) {
      await page.goto('/')
      const footer = page.getByRole('contentinfo')
      await footer.getByRole('link', { name: link, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByText(text).first()).toBeVisible({ timeout: 20_000 })
      await expect(page.getByText('Error 404')).toHaveCount(0)
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0)
      await shot(page, `footer${path.replace('/', '-')}`)
    }
  })
}
