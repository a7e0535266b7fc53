import type { SystemContext } from '@chakra-ui/react'
import { useSyncExternalStore } from 'react'

/**
 * Light, dark or following the system: the visitor's choice, kept in localStorage. On load,
 * public/theme-init.js (a synchronous script in index.html's <head>, before first paint) applies
 * the same rule; this module keeps <html> in step afterwards. Keep the two in step.
 */
export type ColorModeChoice = 'light' | 'dark' | 'system'
/** The mode in effect: the choice, with 'system' resolved. */
export type ColorMode = 'light' | 'dark'

export const COLOR_MODE_KEY = 'myspending-color-mode'
export const COLOR_MODE_CHOICES: readonly ColorModeChoice[] = ['light', 'dark', 'system']
const DARK_QUERY = '(prefers-color-scheme: dark)'
/** The browser bar in dark mode: the colour of the top bar (gray.900); light keeps index.html's. */
export const DARK_THEME_COLOR = '#18181b'

function isChoice(value: unknown): value is ColorModeChoice {
  return value === 'light' || value === 'dark' || value === 'system'
}

/** The stored choice; 'system' when none (or storage is unavailable). */
export function readColorModeChoice(): ColorModeChoice {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_KEY)
    return isChoice(stored) ? stored : 'system'
  } catch {
    return 'system'
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
}

export function resolveColorMode(choice: ColorModeChoice, prefersDark: boolean): ColorMode {
  if (choice === 'system') return prefersDark ? 'dark' : 'light'
  return choice
}

/** Puts the mode on <html> (Chakra's `_dark` is `.dark &`), its color-scheme and the theme-color meta. */
export function applyColorMode(mode: ColorMode, doc: Document = document) {
  const root = doc.documentElement
  root.classList.toggle('dark', mode === 'dark')
  root.classList.toggle('light', mode === 'light')
  root.style.colorScheme = mode
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
  if (meta) {
    // index.html's own value is the light one; theme-init.js keeps it in data-light.
    meta.dataset.light ??= meta.content
    meta.content = mode === 'dark' ? DARK_THEME_COLOR : meta.dataset.light
  }
}

export type ColorModeState = { choice: ColorModeChoice; mode: ColorMode }

let state: ColorModeState | null = null
const listeners = new Set<() => void>()

function current(): ColorModeState {
  state ??= (() => {
    const choice = readColorModeChoice()
    return { choice, mode: resolveColorMode(choice, systemPrefersDark()) }
  })()
  return state
}

/** Re-reads the choice and the system preference, applies the result and tells subscribers. */
function refresh() {
  const choice = readColorModeChoice()
  const next = { choice, mode: resolveColorMode(choice, systemPrefersDark()) }
  const changed = !state || state.choice !== next.choice || state.mode !== next.mode
  if (changed) state = next
  applyColorMode(next.mode)
  if (changed) listeners.forEach((l) => l())
}

/** The choice and the mode in effect now. */
export function getColorMode(): ColorModeState {
  return current()
}

/** Stores the choice and applies it at once. */
export function setColorModeChoice(choice: ColorModeChoice) {
  try {
    window.localStorage.setItem(COLOR_MODE_KEY, choice)
  } catch {
    // Private browsing without storage: the choice holds until the page is left.
  }
  refresh()
}

export function subscribeColorMode(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Applies the stored choice and keeps following it: the system's preference while on 'system',
 * and a choice made in another tab. Returns the function that stops.
 */
export function startColorModeSync(): () => void {
  refresh()
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
  const onStorage = (e: StorageEvent) => {
    if (e.key === COLOR_MODE_KEY || e.key === null) refresh()
  }
  media?.addEventListener?.('change', refresh)
  window.addEventListener('storage', onStorage)
  return () => {
    media?.removeEventListener?.('change', refresh)
    window.removeEventListener('storage', onStorage)
  }
}

/** Forgets the cached state, for tests that change storage or the system preference. */
export function resetColorModeForTests() {
  state = null
  listeners.clear()
}

/** The colour mode for components: the choice, the mode in effect, and a way to choose. */
export function useColorMode(): ColorModeState & { setChoice: (choice: ColorModeChoice) => void } {
  const value = useSyncExternalStore(subscribeColorMode, getColorMode, getColorMode)
  return { ...value, setChoice: setColorModeChoice }
}

const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' }

/**
 * The value a colour token takes in a mode, as '#rrggbb', following references
 * ('{colors.gray.900}') down to the palette. For drawings that cannot use CSS variables (nivo's
 * SVG attributes) and for the contrast test.
 */
export function resolveTokenColor(system: SystemContext, token: string, mode: ColorMode): string {
  let name = `colors.${token}`
  for (let depth = 0; depth < 8; depth++) {
    const t = system.tokens.getByName(name)
    if (!t) throw new Error(`no colour token ${name}`)
    const conditions = t.extensions?.conditions as Record<string, string> | undefined
    const value = String(conditions?.[mode === 'dark' ? '_dark' : '_light'] ?? conditions?.base ?? t.originalValue ?? t.value)
    const ref = /^\{(.+)\}$/.exec(value)
    if (!ref) return NAMED[value] ?? value
    name = ref[1]!
  }
  throw new Error(`colour token ${token} refers too deep`)
}
