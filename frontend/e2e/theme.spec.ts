import { expect, type Page, test } from './support/test'

import { signUpFreshUser, TransactionsScreen } from './support/ledger'
import { AppShell } from './support/shell'

const stamp = Date.now()

/** WCAG relative luminance of the body's computed background, 0 (black) to 1 (white). */
async function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(document.body).backgroundColor)
    if (!m) throw new Error(`no background colour: ${getComputedStyle(document.body).backgroundColor}`)
    const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
      const s = Number(c) / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  })
}

test('the theme is chosen in the profile menu, remembered, and applied before first paint', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  const shell = new AppShell(page)
  const html = shell.html
  await signUpFreshUser(page, request, 'Dee Dark', `dee.dark.${stamp}@e2e.test`)
  await expect(shell.heading).toBeVisible()
  await expect(html).toHaveClass(/\blight\b/)
  expect(await bodyLuminance(page)).toBeGreaterThan(0.8)

  await test.step('choosing Dark darkens the page and is stored', async () => {
    await shell.accountMenu.click()
    await expect(shell.themeOption('System')).toBeChecked()
    await shell.themeOption('Dark').click()
    await expect(html).toHaveClass(/\bdark\b/)
    await expect(html).not.toHaveClass(/\blight\b/)
    await expect.poll(() => bodyLuminance(page)).toBeLessThan(0.05)
    expect(await page.evaluate(() => localStorage.getItem('myspending-color-mode'))).toBe('dark')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark')
    await expect(shell.themeColor).toHaveAttribute('content', '#18181b')
  })

  await test.step('after a reload it is dark before the app runs (no flash)', async () => {
    // Recorded when <body> is first parsed (nothing can paint before) and at DOMContentLoaded.
    await page.addInitScript(() => {
      const w = window as unknown as { __early?: Record<string, unknown> }
      w.__early = {}
      const record = (when: string) => {
        const root = document.documentElement
        w.__early![when] = {
          className: root.className,
          colorScheme: root.style.colorScheme,
          appRendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
        }
      }
      // Init scripts run as the document is created, before <html> exists.
      new MutationObserver((_, observer) => {
        if (document.body) {
          record('body')
          observer.disconnect()
        }
      }).observe(document, { childList: true, subtree: true })
      document.addEventListener('DOMContentLoaded', () => record('domContentLoaded'))
    })
    await page.reload()
    await expect(shell.heading).toBeVisible()
    const early = await page.evaluate(() => (window as unknown as { __early: Record<string, { className: string; colorScheme: string; appRendered: boolean }> }).__early)
    expect(early.body?.className).toMatch(/\bdark\b/)
    expect(early.body?.colorScheme).toBe('dark')
    expect(early.body?.appRendered).toBe(false)
    expect(early.domContentLoaded?.className).toMatch(/\bdark\b/)
    await expect(html).toHaveClass(/\bdark\b/)
    expect(await bodyLuminance(page)).toBeLessThan(0.05)
  })

  await test.step('System follows the operating system, also when it changes', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await shell.chooseTheme('System')
    await expect(html).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => localStorage.getItem('myspending-color-mode'))).toBe('system')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(html).toHaveClass(/\blight\b/)
    await expect.poll(() => bodyLuminance(page)).toBeGreaterThan(0.8)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html).toHaveClass(/\bdark\b/)
  })

  await test.step('Light stays light whatever the system says', async () => {
    await shell.chooseTheme('Light')
    await expect(html).toHaveClass(/\blight\b/)
    await page.reload()
    await expect(html).toHaveClass(/\blight\b/)
    await expect(shell.themeColor).toHaveAttribute('content', '#0d9488')
  })
})

test('a system asking for less motion gets dialogs without animation; others keep theirs', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUpFreshUser(page, request, 'Mo Tion', `mo.tion.${stamp}@e2e.test`)
  await page.goto('/transactions')
  const tx = new TransactionsScreen(page)
  const dialog = tx.addDialog.root
  const openDialog = async () => {
    await tx.chooseAdd('Add Transaction')
    await expect(dialog).toBeVisible()
    const seconds = await dialog.evaluate((el) => parseFloat(getComputedStyle(el).animationDuration))
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    return seconds
  }

  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await openDialog()).toBeGreaterThanOrEqual(0.1)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await openDialog()).toBeLessThan(0.001)
})
