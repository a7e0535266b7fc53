import { type BrowserContext, expect, test as base } from '@playwright/test'

// Everything else the specs use (expect, types, chromium) comes from here too.
export * from '@playwright/test'

/**
 * What the browser refused in this journey under the server's Content-Security-Policy, and
 * what it could not read in its Permissions-Policy. Every spec imports `test` from here (not from
 * '@playwright/test'), so any of these fails the journey that met it, listed after it.
 */
let seen: string[] = []

/** What a `securitypolicyviolation` event says, as the page reports it. */
type Violation = { directive: string; blocked: string; source: string; line: number; sample: string }

/**
 * Console messages that are the browser refusing something under the policy ("Refused to …" in
 * older Chromium; "… violates the following Content Security Policy directive … The action has
 * been blocked." in Chromium 156), or failing to read the Permissions-Policy header.
 */
const REFUSALS = [
  /^Refused to /,
  /violates the following Content Security Policy directive/,
  /^Error with Permissions-Policy header/,
]

const watched = new WeakSet<BrowserContext>()

/**
 * Reports the context's policy violations into the running test: each page's
 * `securitypolicyviolation` events (an init script, which the policy does not apply to, listens
 * for them and calls a binding, so a page that navigates or closes loses none) and its console's
 * refusals. The fixture below watches every context a test opens with `browser.newContext`; a
 * context made another way (a persistent profile) calls this itself.
 */
export async function watchPolicies(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return
  watched.add(context)
  await context.exposeBinding('__reportPolicyViolation', ({ page }, v: Violation) => {
    const where = v.source ? ` (${v.source}:${v.line})` : ''
    const sample = v.sample ? ` «${v.sample}»` : ''
    seen.push(`${page.url()}: ${v.directive} blocked ${v.blocked || 'inline'}${where}${sample}`)
  })
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const page = window as unknown as { __reportPolicyViolation?: (v: Violation) => Promise<void> }
        void page.__reportPolicyViolation?.({
          directive: e.effectiveDirective || e.violatedDirective,
          blocked: e.blockedURI,
          source: e.sourceFile,
          line: e.lineNumber,
          sample: e.sample,
        })
      },
      { capture: true },
    )
  })
  context.on('console', (message) => {
    const text = message.text()
    if (REFUSALS.some((r) => r.test(text))) seen.push(`${message.page()?.url() ?? 'a worker'}: ${text}`)
  })
}

export const test = base.extend<{ policyViolations: void }>({
  policyViolations: [
    async ({ context, browser }, runTest) => {
      seen = []
      await watchPolicies(context)
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext(...args)
        await watchPolicies(opened)
        return opened
      }
      try {
        await runTest()
      } finally {
        browser.newContext = newContext
      }
      expect([...new Set(seen)], 'Content-Security-Policy or Permissions-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})
