import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test'

import { AuthScreen } from './support/auth'
import { expectNoAxeViolations } from './support/axe'
import { waitForLink } from './support/mail'
import { SecurityScreen, TwoFactorStep } from './support/security'
import { AppShell } from './support/shell'
import { shot, shotBoth } from './support/shots'
import { base32Decode, stepAt, totp } from './support/totp'
import { notice } from './support/users'

const stamp = Date.now()
const tess = { name: 'Tess Factor', email: `tess.${stamp}@e2e.test`, password: 'Ledger-2026x' }
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

test('the TOTP helper gives the codes of RFC 6238', () => {
  // Appendix B's SHA-1 secret, the ASCII of "12345678901234567890"; its 8-digit values end in these 6.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
  expect(base32Decode(secret).toString('ascii')).toBe('12345678901234567890')
  expect(totp(secret, stepAt(59_000))).toBe('287082')
  expect(totp(secret, stepAt(1_111_111_109_000))).toBe('081804')
  expect(totp(secret, stepAt(2_000_000_000_000))).toBe('279037')
})

test('two-factor sign-in, and signing out another device', async ({ page, browser }) => {
  test.slow()
  const auth = new AuthScreen(page)
  const shell = new AppShell(page)
  const security = new SecurityScreen(page)
  let secret = ''
  let enrolStep = 0
  let recoveryCodes: string[] = []

  await test.step('register and verify through the forms', async () => {
    await page.goto('/register')
    await auth.register(tess)
    await expect(page.getByText('Account Created!')).toBeVisible()
    const verify = await waitForLink(tess.email, 'verify-email')
    await page.goto(verify.path)
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  })

  await test.step('turn two-factor sign-in on from the Security screen', async () => {
    await shell.chooseFromAccountMenu('Security')
    await expect(page).toHaveURL(/\/security$/)
    await expect(security.heading).toBeVisible()
    await expect(security.twoFactorCard).toContainText('Off')
    await security.turnOn.click()
    await expect(security.qrCode).toBeVisible()
    // The key as an app would have it typed, read off the screen.
    const shown = (await security.setupKey.textContent()) ?? ''
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)
    secret = shown.replace(/\s/g, '')
    await shotBoth(page, 'security-enrol-scan')
    await expectNoAxeViolations(page, 'the enrolment dialog')

    await security.next.click()
    enrolStep = stepAt()
    await security.code.fill(totp(secret, enrolStep))
    await security.confirm.click()
    await expect(security.recoveryCodes).toHaveCount(10)
    recoveryCodes = await security.recoveryCodes.allTextContents()
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    await shotBoth(page, 'security-enrol-codes')

    const [download] = await Promise.all([page.waitForEvent('download'), security.download.click()])
    expect(download.suggestedFilename()).toBe('myspending-recovery-codes.txt')
    const saved = await readFile(await download.path(), 'utf8')
    expect(saved).toContain(`MySpending recovery codes for ${tess.email}`)
    for (const code of recoveryCodes) expect(saved).toContain(code)

    await security.savedCodes.click()
    await expect(security.enrolDialog).toBeHidden()
    await expect(security.twoFactorCard).toContainText('On')
    await expect(security.twoFactorCard).toContainText('Recovery codes left: 10')
  })

  await test.step('log out, then logging in asks for the code', async () => {
    await shell.chooseFromAccountMenu('Logout')
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/login')
    await auth.logIn(tess.email, tess.password)
    const step = new TwoFactorStep(page)
    await expect(step.heading).toBeVisible()
    await expect(step.code).toHaveAttribute('inputmode', 'numeric')
    await expect(step.code).toHaveAttribute('autocomplete', 'one-time-code')
    await shotBoth(page, 'login-code-step')
    await expectNoAxeViolations(page, 'the code step of /login')
    // The next step's code: the enrolment's was used, and a code is accepted once.
    await step.code.fill(totp(secret, Math.max(enrolStep + 1, stepAt())))
    await step.verify.click()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  })

  // A second device: a phone, signed in with a recovery code.
  const phoneContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE_SAFARI,
  })
  const phone = await phoneContext.newPage()

  await test.step('a second device logs in with a recovery code', async () => {
    await phone.goto('/login')
    await new AuthScreen(phone).logIn(tess.email, tess.password)
    const step = new TwoFactorStep(phone)
    await step.useRecoveryCode.click()
    await step.recoveryCode.fill(recoveryCodes[0]!)
    await step.verify.click()
    await expect(phone).toHaveURL(/\/dashboard$/, { timeout: 15_000 })
  })

  await test.step('the devices list shows both sessions; the ended one (the logout) is gone', async () => {
    await security.open()
    await expect(security.deviceRows).toHaveCount(2)
    const here = security.device('This device')
    await expect(here).toContainText('Chrome on Linux')
    await expect(here.getByRole('button')).toHaveCount(0)
    await expect(security.device('Safari on iPhone')).toContainText('Last active')
    await expect(security.twoFactorCard).toContainText('Recovery codes left: 9')
    await shotBoth(page, 'security')
    await expectNoAxeViolations(page, '/security')
    // Nothing is wider than a phone's screen.
    await page.setViewportSize({ width: 375, height: 812 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await security.signOutAllOthers.scrollIntoViewIfNeeded()
    await expect(security.signOutAllOthers).toBeVisible()
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  await test.step('signing out the phone sends its next navigation to the login page', async () => {
    await security.signOut('Safari on iPhone').click()
    await expect(shell.confirmation).toContainText('Sign out Safari on iPhone?')
    await shell.confirm('Sign out')
    await expect(notice(page, 'Signed out of that device')).toBeVisible()
    await expect(security.deviceRows).toHaveCount(1)
    await expect(security.signOutAllOthers).toHaveCount(0)
    await shot(page, 'security-one-device')

    await phone.goto('/transactions')
    await expect(phone).toHaveURL(/\/login(\?|$)/, { timeout: 15_000 })
    await expect(new AuthScreen(phone).password).toBeVisible()
  })

  await phoneContext.close()
})
