import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { chromium, expect, test, watchPolicies } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { signUpFreshUser } from './support/ledger'
import { PwaScreen } from './support/pwa'
import { signIn } from './support/users'

const stamp = Date.now()
const PASSWORD = 'Secret123'
const INSTALLED = 'MySpending is installed. Open it from your home screen.'

test.describe('the installable app', () => {
  test('a service worker takes control; the manifest and icons are served; the API is never the shell', async ({
    page,
    request,
  }) => {
    const pwa = new PwaScreen(page)
    await signUpFreshUser(page, request, 'Pia Pwa', `pwa-${stamp}@example.com`)
    await pwa.waitForControl()

    await test.step('the service worker and its Workbox runtime are served, revalidated on every load', async () => {
      const sw = await request.get('/sw.js')
      expect(sw.status()).toBe(200)
      expect(sw.headers()['content-type']).toMatch(/javascript/)
      expect(sw.headers()['cache-control']).toBe('no-cache')
      const runtime = (await sw.text()).match(/workbox-[0-9a-f]+/)?.[0]
      expect(runtime).toBeTruthy()
      const workbox = await request.get(`/${runtime}.js`)
      expect(workbox.status()).toBe(200)
      expect(workbox.headers()['content-type']).toMatch(/javascript/)
    })

    await test.step('the manifest is linked, parsed, and every icon answers as a PNG', async () => {
      const href = await pwa.manifestLink.getAttribute('href')
      expect(href).toBe('/manifest.webmanifest')
      const res = await request.get(href!)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/)
      const manifest = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] }
      expect(manifest).toMatchObject({
        name: 'MySpending',
        short_name: 'MySpending',
        lang: 'en-GB',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#0d9488',
        background_color: '#f8fafc',
      })
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
        '192x192 any',
        '192x192 maskable',
        '512x512 any',
        '512x512 maskable',
      ])
      const appleIcon = await pwa.appleTouchIcon.getAttribute('href')
      for (const src of [...manifest.icons.map((i) => i.src), appleIcon!]) {
        const icon = await request.get(src)
        expect(icon.status(), src).toBe(200)
        expect(icon.headers()['content-type'], src).toBe('image/png')
      }
      const cdp = await page.context().newCDPSession(page)
      const parsed = await cdp.send('Page.getAppManifest')
      expect(parsed.errors).toEqual([])
      expect(parsed.url).toMatch(/\/manifest\.webmanifest$/)
    })

    await test.step('the API and photos are never answered with the app shell', async () => {
      const answer = await page.evaluate(async () => {
        const res = await fetch('/api/does-not-exist')
        return { status: res.status, type: res.headers.get('content-type'), body: await res.text() }
      })
      expect(answer.status).toBe(404)
      expect(answer.type).toMatch(/application\/json/)
      expect(JSON.parse(answer.body)).toMatchObject({ success: false })

      for (const path of ['/api/does-not-exist', '/uploads/0123456789abcdef0123456789abcdef.jpg']) {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path)
        // The photo route's bare 404 has no content type, which Chromium takes as a download.
        await page.goto(path).catch((e: unknown) => {
          if (!/Download is starting/.test(String(e))) throw e
        })
        const res = await answered
        expect(res.status(), path).toBe(404)
        expect(res.headers()['content-type'] ?? '', path).not.toMatch(/text\/html/)
        expect(await res.text(), path).not.toContain('<div id="root">')
      }
      // A client route still opens from the precached shell.
      await page.goto('/transactions')
      await expect(pwa.screenHeading('Transactions')).toBeVisible()
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    })
  })

  test('Chromium finds the app installable on /dashboard and /shopping-list', async ({ request }) => {
    // Chromium never installs from an incognito profile, which every fresh Playwright context is:
    // this test runs in a persistent one, with the project's browser and address.
    const email = `pwa-install-${stamp}@example.com`
    const project = test.info().project.use
    const profile = mkdtempSync(join(tmpdir(), 'myspending-pwa-'))
    const context = await chromium.launchPersistentContext(profile, {
      ...project.launchOptions,
      baseURL: project.baseURL,
      viewport: { width: 1440, height: 900 },
    })
    try {
      await watchPolicies(context)
      const page = context.pages()[0] ?? (await context.newPage())
      const pwa = new PwaScreen(page)
      await signUpFreshUser(page, request, 'Ines Installable', email)
      await pwa.waitForControl()
      const cdp = await context.newCDPSession(page)
      for (const path of ['/dashboard', '/shopping-list']) {
        await page.goto(path)
        await expect(pwa.heading).toBeVisible()
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
        expect(installabilityErrors, path).toEqual([])
      }
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test('a new release waits for Reload, then takes over and the page reloads on it', async ({ page, request }) => {
    // The served build (scripts/e2e.sh's E2E_DIST, relative to the repository): a changed sw.js
    // is what a new release looks like to an open tab.
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const sw = join(resolve(root, process.env.E2E_DIST ?? 'frontend/dist'), 'sw.js')
    const original = readFileSync(sw)
    const pwa = new PwaScreen(page)
    await signUpFreshUser(page, request, 'Uma Update', `pwa-update-${stamp}@example.com`)
    await pwa.waitForControl()
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    const prompt = pwa.updatePrompt
    await expect(prompt).toHaveCount(0)
    try {
      appendFileSync(sw, `\n// release ${stamp}\n`)
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update()
      })
      await expect(prompt).toBeVisible()
      // Nothing was swapped behind the page's back: the old worker still serves it.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true)
      await page.screenshot({ path: test.info().outputPath('update-prompt-1440.png') })
      await page.setViewportSize({ width: 375, height: 812 })
      await page.screenshot({ path: test.info().outputPath('update-prompt-375.png') })
      await expectNoAxeViolations(page, 'the update prompt')

      const reloaded = page.waitForEvent('load')
      await pwa.reload.click()
      await reloaded
      await expect(pwa.heading).toBeVisible()
      await expect(prompt).toHaveCount(0)
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return { controller: navigator.serviceWorker.controller?.scriptURL, waiting: registration?.waiting ?? null }
      })
      expect(after).toEqual({ controller: before, waiting: null })
    } finally {
      writeFileSync(sw, original)
    }
  })

  test('the install banner: shown on offer, Not Now lasts for the session, Install App confirms', async ({
    page,
    request,
    browser,
  }) => {
    const email = `pwa-banner-${stamp}@example.com`
    const pwa = new PwaScreen(page)
    await signUpFreshUser(page, request, 'Ivo Install', email)
    await expect(pwa.installBanner).toBeHidden()

    await pwa.offerInstall()
    await expect(pwa.installBanner).toBeVisible()
    await expect(pwa.installBannerHeading).toBeVisible()
    await expectNoAxeViolations(page, 'the install banner')
    await page.screenshot({ path: test.info().outputPath('install-banner-1440-light.png') })

    await pwa.notNow.click()
    await expect(pwa.installBanner).toBeHidden()
    await page.reload()
    await expect(pwa.heading).toBeVisible()
    await pwa.offerInstall()
    await expect(pwa.installApp).toHaveCount(0)

    // A new session (a fresh context) offers it again; accepting shows the success notice.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
    const fresh = await context.newPage()
    const freshPwa = new PwaScreen(fresh)
    try {
      await signIn(fresh, email, PASSWORD)
      await freshPwa.offerInstall()
      await expect(freshPwa.installBanner).toBeVisible()
      await fresh.screenshot({ path: test.info().outputPath('install-banner-375-light.png') })
      await freshPwa.installApp.click()
      await expect(freshPwa.status(INSTALLED)).toBeVisible()
      await expect(freshPwa.installBanner).toBeHidden()
      expect(await freshPwa.promptCount()).toBe(1)
      await fresh.screenshot({ path: test.info().outputPath('install-notice-375-light.png') })
    } finally {
      await context.close()
    }
  })

  test('the install banner reads well in dark mode at both widths', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addInitScript(() => window.localStorage.setItem('myspending-color-mode', 'dark'))
    const page = await context.newPage()
    const pwa = new PwaScreen(page)
    try {
      await signIn(page, 'admin@e2e.test', 'AdminPass1')
      await pwa.offerInstall()
      await expect(pwa.installBanner).toBeVisible()
      await expectNoAxeViolations(page, 'the install banner (dark)')
      await page.screenshot({ path: test.info().outputPath('install-banner-1440-dark.png') })
      await page.setViewportSize({ width: 375, height: 812 })
      await page.screenshot({ path: test.info().outputPath('install-banner-375-dark.png') })
    } finally {
      await context.close()
    }
  })
})
