import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defaultSystem as system } from '@chakra-ui/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  COLOR_MODE_KEY,
  DARK_THEME_COLOR,
  getColorMode,
  readColorModeChoice,
  resetColorModeForTests,
  resolveColorMode,
  resolveTokenColor,
  setColorModeChoice,
  startColorModeSync,
  subscribeColorMode,
} from './color-mode'

/** A controllable prefers-color-scheme: dark. */
function fakeSystem(prefersDark: boolean) {
  const listeners = new Set<() => void>()
  const media = {
    matches: prefersDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }
  vi.spyOn(window, 'matchMedia').mockImplementation(() => media as unknown as MediaQueryList)
  return {
    set(dark: boolean) {
      media.matches = dark
      listeners.forEach((l) => l())
    },
    listenerCount: () => listeners.size,
  }
}

const root = () => document.documentElement
const meta = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')!

beforeEach(() => {
  resetColorModeForTests()
  root().className = ''
  root().style.colorScheme = ''
  // Only the theme-color tag: the head also holds the styles other test files in this worker use.
  document.head.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.remove())
  const tag = document.createElement('meta')
  tag.name = 'theme-color'
  tag.content = '#0d9488'
  document.head.append(tag)
})
afterEach(() => vi.restoreAllMocks())

describe('the colour-mode choice', () => {
  it('is system by default, and when the stored value is not a choice', () => {
    expect(readColorModeChoice()).toBe('system')
    localStorage.setItem(COLOR_MODE_KEY, 'purple')
    expect(readColorModeChoice()).toBe('system')
  })

  it.each(['light', 'dark', 'system'] as const)('reads a stored %s', (choice) => {
    localStorage.setItem(COLOR_MODE_KEY, choice)
    expect(readColorModeChoice()).toBe(choice)
  })

  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ] as const)('%s with the system preferring dark=%s is %s', (choice, prefersDark, mode) => {
    expect(resolveColorMode(choice, prefersDark)).toBe(mode)
  })
})

describe('keeping <html> in step', () => {
  it('applies the stored choice on start: class, color-scheme and theme-color', () => {
    fakeSystem(false)
    localStorage.setItem(COLOR_MODE_KEY, 'dark')
    const stop = startColorModeSync()
    expect(root()).toHaveClass('dark')
    expect(root()).not.toHaveClass('light')
    expect(root().style.colorScheme).toBe('dark')
    expect(meta().content).toBe(DARK_THEME_COLOR)
    stop()
  })

  it('stores a new choice and applies it at once, telling subscribers', () => {
    fakeSystem(false)
    const stop = startColorModeSync()
    const listener = vi.fn()
    subscribeColorMode(listener)
    expect(getColorMode()).toEqual({ choice: 'system', mode: 'light' })

    setColorModeChoice('dark')
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark')
    expect(getColorMode()).toEqual({ choice: 'dark', mode: 'dark' })
    expect(root()).toHaveClass('dark')
    expect(listener).toHaveBeenCalledTimes(1)

    setColorModeChoice('light')
    expect(root()).toHaveClass('light')
    expect(root()).not.toHaveClass('dark')
    // Back to index.html's own colour.
    expect(meta().content).toBe('#0d9488')
    stop()
  })

  it("follows the system's changes while on system, and ignores them otherwise", () => {
    const os = fakeSystem(false)
    const stop = startColorModeSync()
    expect(root()).toHaveClass('light')
    os.set(true)
    expect(root()).toHaveClass('dark')
    expect(getColorMode()).toEqual({ choice: 'system', mode: 'dark' })

    setColorModeChoice('light')
    os.set(true)
    expect(root()).toHaveClass('light')
    stop()
    expect(os.listenerCount()).toBe(0)
  })

  it('picks up a choice made in another tab', () => {
    fakeSystem(false)
    const stop = startColorModeSync()
    localStorage.setItem(COLOR_MODE_KEY, 'dark')
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_MODE_KEY, newValue: 'dark' }))
    expect(root()).toHaveClass('dark')
    stop()
  })
})

describe('public/theme-init.js, run before first paint', () => {
  const script = readFileSync(resolve(__dirname, '../../public/theme-init.js'), 'utf8')
  const run = () => new Function(script)()

  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['system', true, 'dark'],
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    ['nonsense', true, 'dark'],
  ] as const)('with %s stored and the system preferring dark=%s, makes <html> %s', (stored, prefersDark, mode) => {
    fakeSystem(prefersDark)
    if (stored) localStorage.setItem(COLOR_MODE_KEY, stored)
    run()
    expect(root()).toHaveClass(mode)
    expect(root().style.colorScheme).toBe(mode)
    expect(meta().content).toBe(mode === 'dark' ? DARK_THEME_COLOR : '#0d9488')
    // The same answer as the module's.
    resetColorModeForTests()
    expect(getColorMode().mode).toBe(mode)
  })
})

describe('resolveTokenColor', () => {
  it("follows references down to the palette, per mode (Chakra's default system)", () => {
    expect(resolveTokenColor(system, 'bg.subtle', 'light')).toBe('#fafafa')
    expect(resolveTokenColor(system, 'bg.subtle', 'dark')).toBe('#111111')
    expect(resolveTokenColor(system, 'teal.contrast', 'dark')).toBe('#ffffff')
  })
})
