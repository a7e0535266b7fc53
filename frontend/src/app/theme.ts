import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

/**
 * Text and primary colours darkened from Chakra's defaults so that they pass WCAG AA (4.5:1) on
 * white, and white text passes on them even at the 90% opacity Chakra's solid buttons take on
 * hover. contrast.test.ts holds them to that.
 */
export const COLORS = {
  /** Income figures and the Income button (Chakra's green.600 #16a34a was 3.3:1). */
  success: '#137637',
  /** Expense figures, errors and destructive buttons (Chakra's red.500 #ef4444 was 3.8:1). */
  error: '#c81e1e',
  /** Secondary text such as counts (Chakra's gray.400 #a1a1aa was 2.6:1). */
  subtle: '#6b6b73',
  /** Chakra's gray.600, unchanged: 7.7:1. */
  muted: '#52525b',
  /** Background of primary buttons under white text (Chakra's teal.600 #0d9488 was 3.7:1). */
  primary: '#0f716a',
} as const

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg.subtle',
      color: 'fg',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value:
            "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          success: { value: { _light: COLORS.success, _dark: '{colors.green.300}' } },
          error: { value: { _light: COLORS.error, _dark: '{colors.red.400}' } },
          subtle: { value: { _light: COLORS.subtle, _dark: '{colors.gray.500}' } },
          muted: { value: { _light: COLORS.muted, _dark: '{colors.gray.400}' } },
        },
        green: { solid: { value: COLORS.success } },
        red: { solid: { value: COLORS.error } },
        teal: { solid: { value: COLORS.primary } },
      },
    },
  },
})

/** The Chakra system; screens use the `teal` colour palette for primary actions. */
export const system = createSystem(defaultConfig, config)
