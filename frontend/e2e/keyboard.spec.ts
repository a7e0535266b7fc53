import { expect, type Page, test } from './support/test'

import { signUpFreshUser, TransactionsScreen } from './support/ledger'

const stamp = Date.now()

/** What the focused element is and whether it shows a focus ring (an outline or a box-shadow). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== ''
    return {
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      inNav: !!el.closest('nav[aria-label="Main navigation"]'),
      inDialog: !!el.closest('[role="dialog"]'),
      ring: outline || shadow,
      style: `outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}`,
    }
  })
}

/** Presses Tab until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, what: string, match: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    if (f && match(f)) return f
  }
  throw new Error(`Tab did not reach ${what} in ${limit} presses`)
}

test('the keyboard reaches the navigation, the add menu and a dialog, which traps focus', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUpFreshUser(page, request, 'Kit Keys', `kit.keys.${stamp}@e2e.test`)
  const tx = new TransactionsScreen(page)
  await tx.open()
  await page.waitForLoadState('networkidle')

  await test.step('Tab reaches the navigation, with a visible focus ring', async () => {
    const link = await tabTo(page, 'the navigation', (f) => f.inNav)
    expect(link.ring, `focus ring on ${link.name}`).toBe(true)
  })

  const add = tx.addButton
  await test.step('Tab reaches the add menu, which opens from the keyboard', async () => {
    const button = await tabTo(page, 'the Add button', (f) => f.name === 'Add')
    expect(button.ring, 'focus ring on the Add button').toBe(true)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menu')).toBeVisible()
    // The menu holds focus and highlights its first item (aria-activedescendant).
    await expect(page.getByRole('menu')).toBeFocused()
    await expect(page.getByRole('menuitem', { name: 'Add Transaction' })).toHaveAttribute('data-highlighted', '')
    await page.keyboard.press('Enter')
  })

  const dialog = tx.addDialog.root
  await test.step('the dialog traps focus: Tab cycles inside it', async () => {
    await expect(dialog).toBeVisible()
    const seen = new Set<string>()
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab')
      const f = await focused(page)
      expect(f?.inDialog, `focus left the dialog after ${i + 1} Tabs (on ${f?.name})`).toBe(true)
      expect(f?.ring, `focus ring on ${f?.name} after ${i + 1} Tabs (${f?.style})`).toBe(true)
      seen.add(`${f?.role}:${f?.name}`)
    }
    // Cycled: fewer distinct stops than presses.
    expect(seen.size).toBeLessThan(30)
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page))?.inDialog).toBe(true)
  })

  await test.step('Escape closes it and returns focus to the button that opened it', async () => {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(add).toBeFocused()
  })
})
