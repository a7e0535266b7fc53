import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/** WCAG 2.0 and 2.1, levels A and AA: what the app promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** One line per failing element: rule, impact, selector and axe's summary of how to fix it. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((n) => {
        const summary = (n.failureSummary ?? v.help).replace(/\s*\n\s*/g, ' ')
        const html = n.html.length > 200 ? `${n.html.slice(0, 200)}…` : n.html
        return `  [${v.id}] (${v.impact ?? 'n/a'}) ${n.target.join(' >>> ')}\n      ${html}\n      ${summary}\n      ${v.helpUrl}`
      }),
    )
    .join('\n')
}

/** Lets running CSS transitions and animations (dialog fade-ins) finish; endless ones (spinners) are skipped. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/**
 * axe in the page itself (axe.run), not AxeBuilder's default of a run per frame finished in a new
 * blank page: that page, and axe injected twice, cost about 0.5 s of Chromium per check, half of
 * all the checks' time (1.1 s → 0.6 s a screen, docs/testing.md). What it gives up is looking
 * into cross-origin frames, and the app has none (Plaid Link's frame is not ours to fix).
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(TAGS).setLegacyMode()
}

/**
 * Runs axe-core on the page as it is now and records a failure listing every WCAG A/AA violation.
 * The failure is soft, so one test can go through every screen and report them all at once.
 */
export async function expectNoAxeViolations(page: Page, screen: string) {
  await settle(page)
  const { violations } = await axeOn(page).analyze()
  const width = page.viewportSize()?.width ?? 0
  expect.soft(violations.length, `axe violations on ${screen} at ${width}px:\n${describeViolations(violations)}`).toBe(0)
}
