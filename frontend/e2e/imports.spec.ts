import { test } from './support/test'

import { importJourney } from './support/imports'

test('a Monzo statement is imported, an overlapping one adds only new rows, a rule is made, the list exported and an import undone (1440px)', async ({ page, request }) => {
  test.slow()
  await importJourney(page, request, `imogen.desktop.${Date.now()}@e2e.test`)
})
