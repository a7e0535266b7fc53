import axe from 'axe-core'

// The ARIA rules of WCAG 2.1 A/AA that jsdom can judge: the Playwright suite runs the whole
// set in a real browser, but a loading state that lasts a few milliseconds there is seen
// only now and then. Here it can be held open and checked every time.
const LAYOUT_RULES = ['color-contrast', 'region', 'landmark-one-main', 'page-has-heading-one']

export async function expectNoAriaViolations(container: Element) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: Object.fromEntries(LAYOUT_RULES.map((rule) => [rule, { enabled: false }])),
  })
  const found = result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`,
  )
  if (found.length > 0) throw new Error(`axe found ARIA violations:\n${found.join('\n')}`)
}
