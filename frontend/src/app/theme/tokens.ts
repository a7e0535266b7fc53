import { defineKeyframes, defineSemanticTokens, defineTokens } from '@chakra-ui/react'
import { colors, semanticColors } from './colors'

// The scales, breakpoints and keyframes of Chakra UI 3.37's default theme (its
// dist/esm/theme/tokens, semantic-tokens and breakpoints.js), copied as `chakra eject` does (see
// ./colors.ts). Left out: the scales neither the screens nor their recipes use (aspect ratios,
// blurs, borders, line heights) and the animations, easings, cursors and keyframes of components
// the app does not have. The spacing, size, font, radius, shadow and z-index scales stay whole:
// the screens use them by numbers and names a search cannot list. theme-recipes.test.ts fails when
// a recipe needs a token that is not here.

const spacing = defineTokens.spacing({
  0.5: { value: '0.125rem' },
  1: { value: '0.25rem' },
  1.5: { value: '0.375rem' },
  2: { value: '0.5rem' },
  2.5: { value: '0.625rem' },
  3: { value: '0.75rem' },
  3.5: { value: '0.875rem' },
  4: { value: '1rem' },
  4.5: { value: '1.125rem' },
  5: { value: '1.25rem' },
  6: { value: '1.5rem' },
  7: { value: '1.75rem' },
  8: { value: '2rem' },
  9: { value: '2.25rem' },
  10: { value: '2.5rem' },
  11: { value: '2.75rem' },
  12: { value: '3rem' },
  14: { value: '3.5rem' },
  16: { value: '4rem' },
  20: { value: '5rem' },
  24: { value: '6rem' },
  28: { value: '7rem' },
  32: { value: '8rem' },
  36: { value: '9rem' },
  40: { value: '10rem' },
  44: { value: '11rem' },
  48: { value: '12rem' },
  52: { value: '13rem' },
  56: { value: '14rem' },
  60: { value: '15rem' },
  64: { value: '16rem' },
  72: { value: '18rem' },
  80: { value: '20rem' },
  96: { value: '24rem' },
})

export const tokens = defineTokens({
  colors,
  animations: {
    spin: { value: 'spin 1s linear infinite' },
    pulse: { value: 'pulse 2s cubic-bezier(0.4, 0, 0.6, 1) infinite' },
  },
  durations: {
    fastest: { value: '50ms' },
    faster: { value: '100ms' },
    fast: { value: '150ms' },
    moderate: { value: '200ms' },
    slow: { value: '300ms' },
    slower: { value: '400ms' },
    slowest: { value: '500ms' },
  },
  easings: {
    'ease-in-smooth': { value: 'cubic-bezier(0.32, 0.72, 0, 1)' },
  },
  fonts: {
    // heading and body: the app's, in ../theme.ts.
    mono: {
      value: 'SFMono-Regular,Menlo,Monaco,Consolas,"Liberation Mono","Courier New",monospace',
    },
  },
  fontSizes: {
    '2xs': { value: '0.625rem' },
    xs: { value: '0.75rem' },
    sm: { value: '0.875rem' },
    md: { value: '1rem' },
    lg: { value: '1.125rem' },
    xl: { value: '1.25rem' },
    '2xl': { value: '1.5rem' },
    '3xl': { value: '1.875rem' },
    '4xl': { value: '2.25rem' },
    '5xl': { value: '3rem' },
    '6xl': { value: '3.75rem' },
    '7xl': { value: '4.5rem' },
    '8xl': { value: '6rem' },
    '9xl': { value: '8rem' },
  },
  fontWeights: {
    thin: { value: '100' },
    extralight: { value: '200' },
    light: { value: '300' },
    normal: { value: '400' },
    medium: { value: '500' },
    semibold: { value: '600' },
    bold: { value: '700' },
    extrabold: { value: '800' },
    black: { value: '900' },
  },
  letterSpacings: {
    tighter: { value: '-0.05em' },
    tight: { value: '-0.025em' },
    wide: { value: '0.025em' },
    wider: { value: '0.05em' },
    widest: { value: '0.1em' },
  },
  radii: {
    none: { value: '0' },
    '2xs': { value: '0.0625rem' },
    xs: { value: '0.125rem' },
    sm: { value: '0.25rem' },
    md: { value: '0.375rem' },
    lg: { value: '0.5rem' },
    xl: { value: '0.75rem' },
    '2xl': { value: '1rem' },
    '3xl': { value: '1.5rem' },
    '4xl': { value: '2rem' },
    full: { value: '9999px' },
  },
  spacing,
  sizes: {
    ...spacing,
    '3xs': { value: '14rem' },
    '2xs': { value: '16rem' },
    xs: { value: '20rem' },
    sm: { value: '24rem' },
    md: { value: '28rem' },
    lg: { value: '32rem' },
    xl: { value: '36rem' },
    '2xl': { value: '42rem' },
    '3xl': { value: '48rem' },
    '4xl': { value: '56rem' },
    '5xl': { value: '64rem' },
    '6xl': { value: '72rem' },
    '7xl': { value: '80rem' },
    '8xl': { value: '90rem' },
    '1/2': { value: '50%' },
    '1/3': { value: '33.333333%' },
    '2/3': { value: '66.666667%' },
    '1/4': { value: '25%' },
    '3/4': { value: '75%' },
    '1/5': { value: '20%' },
    '2/5': { value: '40%' },
    '3/5': { value: '60%' },
    '4/5': { value: '80%' },
    '1/6': { value: '16.666667%' },
    '2/6': { value: '33.333333%' },
    '3/6': { value: '50%' },
    '4/6': { value: '66.666667%' },
    '5/6': { value: '83.333333%' },
    '1/12': { value: '8.333333%' },
    '2/12': { value: '16.666667%' },
    '3/12': { value: '25%' },
    '4/12': { value: '33.333333%' },
    '5/12': { value: '41.666667%' },
    '6/12': { value: '50%' },
    '7/12': { value: '58.333333%' },
    '8/12': { value: '66.666667%' },
    '9/12': { value: '75%' },
    '10/12': { value: '83.333333%' },
    '11/12': { value: '91.666667%' },
    max: { value: 'max-content' },
    min: { value: 'min-content' },
    fit: { value: 'fit-content' },
    prose: { value: '60ch' },
    full: { value: '100%' },
    dvh: { value: '100dvh' },
    svh: { value: '100svh' },
    lvh: { value: '100lvh' },
    dvw: { value: '100dvw' },
    svw: { value: '100svw' },
    lvw: { value: '100lvw' },
    vw: { value: '100vw' },
    vh: { value: '100vh' },
  },
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    skipNav: { value: 1600 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
    max: { value: 2147483647 },
  },
  cursor: {
    button: { value: 'pointer' },
    checkbox: { value: 'default' },
    disabled: { value: 'not-allowed' },
    menuitem: { value: 'default' },
    option: { value: 'default' },
  },
})

export const semanticTokens = defineSemanticTokens({
  colors: semanticColors,
  shadows: {
    xs: {
      value: {
        _light: '0px 1px 2px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/20}',
        _dark: '0px 1px 1px {black/64}, 0px 0px 1px inset {colors.gray.300/20}',
      },
    },
    sm: {
      value: {
        _light: '0px 2px 4px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}',
        _dark: '0px 2px 4px {black/64}, 0px 0px 1px inset {colors.gray.300/30}',
      },
    },
    md: {
      value: {
        _light: '0px 4px 8px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}',
        _dark: '0px 4px 8px {black/64}, 0px 0px 1px inset {colors.gray.300/30}',
      },
    },
    lg: {
      value: {
        _light: '0px 8px 16px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}',
        _dark: '0px 8px 16px {black/64}, 0px 0px 1px inset {colors.gray.300/30}',
      },
    },
    xl: {
      value: {
        _light: '0px 16px 24px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}',
        _dark: '0px 16px 24px {black/64}, 0px 0px 1px inset {colors.gray.300/30}',
      },
    },
    '2xl': {
      value: {
        _light: '0px 24px 40px {colors.gray.900/16}, 0px 0px 1px {colors.gray.900/30}',
        _dark: '0px 24px 40px {black/64}, 0px 0px 1px inset {colors.gray.300/30}',
      },
    },
    inner: { value: { _light: 'inset 0 2px 4px 0 {black/5}', _dark: 'inset 0 2px 4px 0 black' } },
    inset: {
      value: {
        _light: 'inset 0 0 0 1px {black/5}',
        _dark: 'inset 0 0 0 1px {colors.gray.300/5}',
      },
    },
  },
  radii: {
    l1: { value: '{radii.xs}' },
    l2: { value: '{radii.sm}' },
    l3: { value: '{radii.md}' },
  },
})

export const breakpoints = { sm: '480px', md: '768px', lg: '1024px', xl: '1280px', '2xl': '1536px' }

export const keyframes = defineKeyframes({
  spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
  pulse: { '50%': { opacity: '0.5' } },
  'bg-position': {
    from: { backgroundPosition: 'var(--animate-from, 1rem) 0' },
    to: { backgroundPosition: 'var(--animate-to, 0) 0' },
  },
  position: {
    from: {
      insetInlineStart: 'var(--animate-from-x)',
      insetBlockStart: 'var(--animate-from-y)',
    },
    to: { insetInlineStart: 'var(--animate-to-x)', insetBlockStart: 'var(--animate-to-y)' },
  },
  'expand-height': { from: { height: 'var(--collapsed-height, 0)' }, to: { height: 'var(--height)' } },
  'collapse-height': { from: { height: 'var(--height)' }, to: { height: 'var(--collapsed-height, 0)' } },
  'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
  'fade-out': { from: { opacity: 1 }, to: { opacity: 0 } },
  'slide-from-left-full': { from: { translate: '-100% 0' }, to: { translate: '0 0' } },
  'slide-from-right-full': { from: { translate: '100% 0' }, to: { translate: '0 0' } },
  'slide-from-top-full': { from: { translate: '0 -100%' }, to: { translate: '0 0' } },
  'slide-from-bottom-full': { from: { translate: '0 100%' }, to: { translate: '0 0' } },
  'slide-to-left-full': { from: { translate: '0 0' }, to: { translate: '-100% 0' } },
  'slide-to-right-full': { from: { translate: '0 0' }, to: { translate: '100% 0' } },
  'slide-to-top-full': { from: { translate: '0 0' }, to: { translate: '0 -100%' } },
  'slide-to-bottom-full': { from: { translate: '0 0' }, to: { translate: '0 100%' } },
  'slide-from-top': {
    '0%': { translate: '0 calc(var(--slide-from-top-distance, 0.5rem) * -1)' },
    to: { translate: '0' },
  },
  'slide-from-bottom': {
    '0%': { translate: '0 var(--slide-from-bottom-distance, 0.5rem)' },
    to: { translate: '0' },
  },
  'slide-from-left': {
    '0%': { translate: 'calc(var(--slide-from-left-distance, 0.5rem) * -1) 0' },
    to: { translate: '0' },
  },
  'slide-from-right': {
    '0%': { translate: 'var(--slide-from-right-distance, 0.5rem) 0' },
    to: { translate: '0' },
  },
  'slide-to-top': {
    '0%': { translate: '0' },
    to: { translate: '0 calc(var(--slide-to-top-distance, 0.5rem) * -1)' },
  },
  'slide-to-bottom': {
    '0%': { translate: '0' },
    to: { translate: '0 var(--slide-to-bottom-distance, 0.5rem)' },
  },
  'slide-to-left': {
    '0%': { translate: '0' },
    to: { translate: 'calc(var(--slide-to-left-distance, 0.5rem) * -1) 0' },
  },
  'slide-to-right': {
    '0%': { translate: '0' },
    to: { translate: 'var(--slide-to-right-distance, 0.5rem) 0' },
  },
  'scale-in': { from: { scale: '0.95' }, to: { scale: '1' } },
  'scale-out': { from: { scale: '1' }, to: { scale: '0.95' } },
})
