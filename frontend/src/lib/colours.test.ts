import { describe, expect, it } from 'vitest'
import { CATEGORY_COLORS, CATEGORY_COLOURS, colourName } from './colours'

describe('category colours', () => {
  it('names each of the 16 colours with a word, never its hex code, each name once', () => {
    expect(CATEGORY_COLOURS).toHaveLength(16)
    const names = CATEGORY_COLOURS.map((c) => c.name)
    expect(new Set(names).size).toBe(16)
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)?$/)
    expect(names.slice(0, 6)).toEqual(['Red', 'Pink', 'Purple', 'Deep Purple', 'Indigo', 'Blue'])
    expect(CATEGORY_COLORS).toEqual(CATEGORY_COLOURS.map((c) => c.hex))
  })

  it("finds a stored colour's name whatever the case of its digits", () => {
    expect(colourName('#F44336')).toBe('Red')
    expect(colourName('#795548')).toBe('Brown')
    expect(colourName('#ff5722')).toBe('Deep Orange')
    expect(colourName('#123456')).toBeNull()
    expect(colourName(undefined)).toBeNull()
  })
})
