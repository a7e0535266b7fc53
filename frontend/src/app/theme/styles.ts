import {
  defineAnimationStyles,
  defineGlobalStyles,
  defineLayerStyles,
  defineTextStyles,
} from '@chakra-ui/react'

// The global CSS, text, layer and animation styles of Chakra UI 3.37's default theme (its
// dist/esm/theme/global-css.js, text-styles.js, layer-styles.js and motion-styles.js), copied as
// `chakra eject` does: see ./colors.ts.

export const globalCss = defineGlobalStyles({
  '*': {
    fontFeatureSettings: '"cv11"',
    '--ring-inset': 'var(--chakra-empty, )',
    '--ring-offset-width': '0px',
    '--ring-offset-color': '#fff',
    '--ring-color': 'rgba(66, 153, 225, 0.6)',
    '--ring-offset-shadow': '0 0 #0000',
    '--ring-shadow': '0 0 #0000',
    '--brightness': 'var(--chakra-empty, )',
    '--contrast': 'var(--chakra-empty, )',
    '--grayscale': 'var(--chakra-empty, )',
    '--hue-rotate': 'var(--chakra-empty, )',
    '--invert': 'var(--chakra-empty, )',
    '--saturate': 'var(--chakra-empty, )',
    '--sepia': 'var(--chakra-empty, )',
    '--drop-shadow': 'var(--chakra-empty, )',
    '--backdrop-blur': 'var(--chakra-empty, )',
    '--backdrop-brightness': 'var(--chakra-empty, )',
    '--backdrop-contrast': 'var(--chakra-empty, )',
    '--backdrop-grayscale': 'var(--chakra-empty, )',
    '--backdrop-hue-rotate': 'var(--chakra-empty, )',
    '--backdrop-invert': 'var(--chakra-empty, )',
    '--backdrop-opacity': 'var(--chakra-empty, )',
    '--backdrop-saturate': 'var(--chakra-empty, )',
    '--backdrop-sepia': 'var(--chakra-empty, )',
    '--global-font-mono': 'fonts.mono',
    '--global-font-body': 'fonts.body',
    '--global-color-border': 'colors.border',
  },
  html: { color: 'fg', bg: 'bg', lineHeight: '1.5', colorPalette: 'gray' },
  '*::placeholder, *[data-placeholder]': { color: 'fg.muted/80' },
  '*::selection': { bg: 'colorPalette.emphasized/80' },
})

export const textStyles = defineTextStyles({
  '2xs': { value: { fontSize: '2xs', lineHeight: '0.75rem' } },
  xs: { value: { fontSize: 'xs', lineHeight: '1rem' } },
  sm: { value: { fontSize: 'sm', lineHeight: '1.25rem' } },
  md: { value: { fontSize: 'md', lineHeight: '1.5rem' } },
  lg: { value: { fontSize: 'lg', lineHeight: '1.75rem' } },
  xl: { value: { fontSize: 'xl', lineHeight: '1.875rem' } },
  '2xl': { value: { fontSize: '2xl', lineHeight: '2rem' } },
  '3xl': { value: { fontSize: '3xl', lineHeight: '2.375rem' } },
  '4xl': { value: { fontSize: '4xl', lineHeight: '2.75rem', letterSpacing: '-0.025em' } },
  '5xl': { value: { fontSize: '5xl', lineHeight: '3.75rem', letterSpacing: '-0.025em' } },
  '6xl': { value: { fontSize: '6xl', lineHeight: '4.5rem', letterSpacing: '-0.025em' } },
  '7xl': { value: { fontSize: '7xl', lineHeight: '5.75rem', letterSpacing: '-0.025em' } },
  none: { value: {} },
  label: { value: { fontSize: 'sm', lineHeight: '1.25rem', fontWeight: 'medium' } },
})

export const layerStyles = defineLayerStyles({
  'fill.muted': { value: { background: 'colorPalette.muted', color: 'colorPalette.fg' } },
  'fill.subtle': { value: { background: 'colorPalette.subtle', color: 'colorPalette.fg' } },
  'fill.surface': {
    value: {
      background: 'colorPalette.subtle',
      color: 'colorPalette.fg',
      boxShadow: '0 0 0px 1px var(--shadow-color)',
      boxShadowColor: 'colorPalette.muted',
    },
  },
  'fill.solid': { value: { background: 'colorPalette.solid', color: 'colorPalette.contrast' } },
  'outline.subtle': {
    value: {
      color: 'colorPalette.fg',
      boxShadow: 'inset 0 0 0px 1px var(--shadow-color)',
      boxShadowColor: 'colorPalette.subtle',
    },
  },
  'outline.solid': {
    value: { borderWidth: '1px', borderColor: 'colorPalette.solid', color: 'colorPalette.fg' },
  },
  'indicator.bottom': {
    value: {
      position: 'relative',
      '--indicator-color-fallback': 'colors.colorPalette.solid',
      _before: {
        content: '""',
        position: 'absolute',
        bottom: 'var(--indicator-offset-y, 0)',
        insetInline: 'var(--indicator-offset-x, 0)',
        height: 'var(--indicator-thickness, 2px)',
        background: 'var(--indicator-color, var(--indicator-color-fallback))',
      },
    },
  },
  'indicator.top': {
    value: {
      position: 'relative',
      '--indicator-color-fallback': 'colors.colorPalette.solid',
      _before: {
        content: '""',
        position: 'absolute',
        top: 'var(--indicator-offset-y, 0)',
        insetInline: 'var(--indicator-offset-x, 0)',
        height: 'var(--indicator-thickness, 2px)',
        background: 'var(--indicator-color, var(--indicator-color-fallback))',
      },
    },
  },
  'indicator.start': {
    value: {
      position: 'relative',
      '--indicator-color-fallback': 'colors.colorPalette.solid',
      _before: {
        content: '""',
        position: 'absolute',
        insetInlineStart: 'var(--indicator-offset-x, 0)',
        insetBlock: 'var(--indicator-offset-y, 0)',
        width: 'var(--indicator-thickness, 2px)',
        background: 'var(--indicator-color, var(--indicator-color-fallback))',
      },
    },
  },
  'indicator.end': {
    value: {
      position: 'relative',
      '--indicator-color-fallback': 'colors.colorPalette.solid',
      _before: {
        content: '""',
        position: 'absolute',
        insetInlineEnd: 'var(--indicator-offset-x, 0)',
        insetBlock: 'var(--indicator-offset-y, 0)',
        width: 'var(--indicator-thickness, 2px)',
        background: 'var(--indicator-color, var(--indicator-color-fallback))',
      },
    },
  },
  disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } },
  none: { value: {} },
})

export const animationStyles = defineAnimationStyles({
  'slide-fade-in': {
    value: {
      transformOrigin: 'var(--transform-origin)',
      '&[data-placement^=top]': { animationName: 'slide-from-bottom, fade-in' },
      '&[data-placement^=bottom]': { animationName: 'slide-from-top, fade-in' },
      '&[data-placement^=left]': { animationName: 'slide-from-right, fade-in' },
      '&[data-placement^=right]': { animationName: 'slide-from-left, fade-in' },
    },
  },
  'slide-fade-out': {
    value: {
      transformOrigin: 'var(--transform-origin)',
      '&[data-placement^=top]': { animationName: 'slide-to-bottom, fade-out' },
      '&[data-placement^=bottom]': { animationName: 'slide-to-top, fade-out' },
      '&[data-placement^=left]': { animationName: 'slide-to-right, fade-out' },
      '&[data-placement^=right]': { animationName: 'slide-to-left, fade-out' },
    },
  },
  'scale-fade-in': {
    value: { transformOrigin: 'var(--transform-origin)', animationName: 'scale-in, fade-in' },
  },
  'scale-fade-out': {
    value: { transformOrigin: 'var(--transform-origin)', animationName: 'scale-out, fade-out' },
  },
})
