import { expect, type Page } from '@playwright/test'

const dir = `${process.env.E2E_ARTIFACTS ?? 'test-results'}/screenshots`
/**
 * The screenshots are for people reviewing a screen, not assertions: `E2E_SHOTS=0` (CI, where
 * nobody looks at them) skips them and the viewport changes they make.
 */
const enabled = process.env.E2E_SHOTS !== '0'

/**
 * Keeps a full-page screenshot as a test artefact, at the page's current width. `fullPage: false`
 * keeps just the screen, which is what a full-screen dialog over a long page looks like.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!enabled) return
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage })
}

/** Screenshots at phone (375 px) and desktop (1440 px) width, restoring the viewport after. */
export async function shotBoth(page: Page, name: string) {
  if (!enabled) return
  const before = page.viewportSize()
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 })
    await page.waitForTimeout(150)
    await shot(page, name)
  }
  if (before) await page.setViewportSize(before)
}

/** shotBoth from the top of the page (the top bar is sticky). */
export async function shotBothFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await shotBoth(page, name)
}

/**
 * Waits until the success notices have gone by themselves, so a screenshot shows the screen under
 * them. Only for screenshots: the pointer is moved off the page first, as a notice under it waits.
 */
export async function noticesGone(page: Page) {
  if (!enabled) return
  await page.mouse.move(0, 0)
  await expect(page.getByTestId('success-notice')).toHaveCount(0, { timeout: 15_000 })
}
