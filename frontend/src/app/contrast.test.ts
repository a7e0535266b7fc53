import { describe, expect, it } from 'vitest'
import { composite, contrastRatio } from './contrast'
import { COLORS, system } from './theme'

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
