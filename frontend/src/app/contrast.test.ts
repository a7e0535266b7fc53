import { describe, expect, it } from 'vitest'
import { type ColorMode, resolveTokenColor } from '@/lib/color-mode'
import { composite, contrastRatio } from './contrast'
import { appSystem, COLORS } from './theme'

const system = appSystem()

const WHITE = '#ffffff'
const AA = 4.5

/** The light-mode value the Chakra system serves for a colour token. */
function served(token: string): string | undefined {
  const t = system.tokens.getByName(`colors.${token}`)
  const conditions = t?.extensions?.conditions as Record<string, string> | undefined
  return conditions?._light ?? conditions?.base ?? t?.value
}

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#16a34a', '#ffffff', 3.3],
    ['#ef4444', '#ffffff', 3.76],
  ] as const)('of %s on %s is %d', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2)
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2)
  })

  it('composites a colour at an opacity over another', () => {
    expect(composite('#000000', 0.5, '#ffffff')).toBe('#808080')
    expect(composite('#0f716a', 1, '#ffffff')).toBe('#0f716a')
  })
})

describe('the theme colours', () => {
  it.each([
    ['fg.success', COLORS.success],
    ['fg.error', COLORS.error],
    ['fg.subtle', COLORS.subtle],
    ['fg.muted', COLORS.muted],
  ] as const)('%s is text that passes AA on white', (token, hex) => {
    expect(served(token)).toBe(hex)
    expect(contrastRatio(hex, WHITE)).toBeGreaterThanOrEqual(AA)
  })

  it.each([
    ['teal.solid', COLORS.primary],
    ['green.solid', COLORS.success],
    ['red.solid', COLORS.error],
  ] as const)('%s carries white text at AA, also at the 90%% of a hovered button', (token, hex) => {
    expect(served(token)).toBe(hex)
    expect(contrastRatio(WHITE, hex)).toBeGreaterThanOrEqual(AA)
    expect(contrastRatio(WHITE, composite(hex, 0.9, WHITE))).toBeGreaterThanOrEqual(AA)
  })
})

/** '#rrggbb' of a colour token in a mode. */
function hex(token: string, mode: ColorMode): `#${string}` {
  const value = resolveTokenColor(system, token, mode)
  expect(value, `${token} in ${mode} mode`).toMatch(/^#[0-9a-f]{6}$/i)
  return value as `#${string}`
}

/** Where text sits: the page, cards and bars, dialogs, and hovered or striped rows. */
const SURFACES = ['bg', 'bg.subtle', 'bg.panel', 'bg.muted'] as const
/** The text colours screens use on those surfaces. */
const TEXT = ['fg', 'fg.muted', 'fg.subtle', 'fg.success', 'fg.error', 'fg.warning', 'fg.info', 'teal.fg', 'blue.fg', 'orange.fg', 'red.fg', 'green.fg'] as const
/** Subtle chips and badges: a palette's fg on its subtle background. */
const PALETTES = ['teal', 'blue', 'orange', 'red', 'green', 'purple', 'gray', 'pink', 'cyan'] as const
const MODES: readonly ColorMode[] = ['light', 'dark']

describe.each(MODES)('in %s mode', (mode) => {
  it.each(TEXT.flatMap((text) => SURFACES.map((surface) => [text, surface] as const)))(
    '%s passes AA on %s',
    (text, surface) => {
      expect(contrastRatio(hex(text, mode), hex(surface, mode))).toBeGreaterThanOrEqual(AA)
    },
  )

  it.each(PALETTES)('%s.fg passes AA on %s.subtle (subtle badges, the active nav link)', (palette) => {
    expect(contrastRatio(hex(`${palette}.fg`, mode), hex(`${palette}.subtle`, mode))).toBeGreaterThanOrEqual(AA)
  })

  it.each(['teal', 'green', 'red'] as const)('%s.solid carries its contrast colour at AA', (palette) => {
    expect(contrastRatio(hex(`${palette}.contrast`, mode), hex(`${palette}.solid`, mode))).toBeGreaterThanOrEqual(AA)
  })

  it('the page and the cards on it differ, so cards stand out', () => {
    expect(hex('bg.subtle', mode)).not.toBe(hex('bg.panel', mode))
  })
})
