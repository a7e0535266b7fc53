import { ChakraProvider, createSystem, defineConfig } from '@chakra-ui/react'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { THEME_STYLESHEET_ATTRIBUTE } from './theme-css-attribute'
import { globalStylesheet } from './theme-css'
import { appSystem } from './theme'
import { appBaseConfig } from './theme-recipes'

/** A system of its own for the check, with a global style this file alone gives it. */
const system = createSystem(appBaseConfig, defineConfig({ globalCss: { '.theme-css-probe': { color: 'red.700' } } }))

/** The CSS of emotion's global style tags, in the order it inserted them. */
function insertedGlobalCss(): string {
  return [...document.head.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global"]')]
    .map((tag) => tag.textContent)
    .join('')
}

afterEach(() => {
  for (const tag of document.head.querySelectorAll('style[data-emotion^="css-global"]')) tag.remove()
})

describe('the theme stylesheet', () => {
  it('is exactly the global CSS that ChakraProvider has emotion insert', () => {
    const before = insertedGlobalCss()
    render(<ChakraProvider value={system}>app</ChakraProvider>)
    const inserted = insertedGlobalCss().slice(before.length)
    const built = globalStylesheet(system)
    expect(built).toContain('.theme-css-probe{color:var(--chakra-colors-red-700);}')
    expect(built).toContain('--chakra-colors-teal-600:')
    expect(inserted).toBe(built)
  })

  it('starts with the order of the cascade layers, as the provider declares it', () => {
    expect(globalStylesheet(system).startsWith('@layer reset,base,tokens,recipes;')).toBe(true)
  })
})

describe('appSystem', () => {
  it('keeps its global CSS for emotion unless index.html links the stylesheet', () => {
    // Built once per page load; this test page has no link, as under `vite dev`.
    expect(document.querySelector(`link[${THEME_STYLESHEET_ATTRIBUTE}]`)).toBeNull()
    expect(appSystem()._global.length).toBeGreaterThan(0)
  })
})
