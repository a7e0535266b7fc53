import type { SystemContext } from '@chakra-ui/react'
import createCache from '@emotion/cache'
import { serializeStyles } from '@emotion/serialize'

/**
 * The CSS that ChakraProvider would have emotion compile and insert at start-up, as one
 * stylesheet: the cascade layers' order, then the preflight, the global styles and every token's
 * custom property (about 41 kB, 7 kB gzip). The build writes it into a file that index.html links
 * (vite.config.ts, themeStylesheet()), and the app then hands ChakraProvider a system without it
 * (theme.ts), so a phone downloads it alongside the scripts instead of compiling it on the main
 * thread before the first render (docs/performance.md, issue 36). Compiled by emotion's own
 * serializer and stylis, as emotion's Global would; theme-css.test.ts holds the two equal.
 */
export function globalStylesheet(system: SystemContext): string {
  const cache = createCache({ key: 'css' })
  return [system.layers.atRule, system._global]
    .map((styles) => {
      // Emotion's browser build hands each rule to the sheet; its Node build returns them all.
      const rules: string[] = []
      const sheet = { ...cache.sheet, insert: (rule: string) => void rules.push(rule) } as typeof cache.sheet
      const returned = cache.insert('', serializeStyles([styles], cache.registered), sheet, false)
      return typeof returned === 'string' ? returned : rules.join('')
    })
    .join('')
}
