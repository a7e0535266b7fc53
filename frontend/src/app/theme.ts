import { createSystem, defineConfig } from '@chakra-ui/react'
import { THEME_STYLESHEET_ATTRIBUTE } from './theme-css-attribute'
import { appBaseConfig } from './theme-recipes'

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
    // People who ask their system for less motion get none: dialogs, drawers and toasts appear
    // at once, skeletons stop pulsing and focus rings show at once (WCAG 2.3.3). Animations still
    // run, for a moment, so what waits for their end (zag's presence) carries on; transitions
    // do not run at all.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0s !important',
        scrollBehavior: 'auto !important',
      },
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
        // Dark mode: the page is near-black and the bars, cards and dialogs on it one step lighter,
        // so they stand apart as white cards do on the light grey page. Chakra's defaults put
        // both at (near) black.
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.gray.900}' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.gray.800}' } },
          emphasized: { value: { _light: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
        },
        border: {
          DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
        },
        fg: {
          success: { value: { _light: COLORS.success, _dark: '{colors.green.300}' } },
          error: { value: { _light: COLORS.error, _dark: '{colors.red.300}' } },
          subtle: { value: { _light: COLORS.subtle, _dark: '{colors.gray.400}' } },
          muted: { value: { _light: COLORS.muted, _dark: '{colors.gray.300}' } },
          // Chakra's orange.600 was 3.6:1 on white.
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
        green: { solid: { value: COLORS.success } },
        red: { solid: { value: COLORS.error } },
        teal: { solid: { value: COLORS.primary } },
      },
    },
  },
})

let built: ReturnType<typeof createSystem> | undefined

/**
 * The Chakra system (screens use the `teal` colour palette for primary actions), built on first
 * call rather than when this module loads: building it is the longest single piece of start-up
 * work (its tokens and their CSS), and main.tsx gives it a task of its own, between yields to the
 * browser, instead of adding it to the task that evaluates the modules (docs/performance.md).
 */
export function appSystem() {
  if (built) return built
  built = createSystem(appBaseConfig, config)
  // The build links the global CSS (preflight, global styles, tokens) as a stylesheet made from
  // this very system (./theme-css.ts); emotion need not compile and insert it again.
  if (typeof document !== 'undefined' && document.querySelector(`link[${THEME_STYLESHEET_ATTRIBUTE}]`)) {
    built._global = []
  }
  return built
}
