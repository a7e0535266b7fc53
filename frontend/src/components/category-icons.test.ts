import { describe, expect, it } from 'vitest'
import { CATEGORY_ICON_LABELS, CATEGORY_ICON_NAMES, categoryIconLabel } from './category-icons'

describe('category icon labels', () => {
  it('gives each of the 20 icons its own label in words, never its id', () => {
    const labels = CATEGORY_ICON_NAMES.map((id) => CATEGORY_ICON_LABELS[id])
    expect(labels).toHaveLength(20)
    expect(new Set(labels).size).toBe(20)
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/)
  })

  it('reads an id as words, and has nothing for an unknown id', () => {
    expect(categoryIconLabel('shopping-cart')).toBe('Shopping cart')
    expect(categoryIconLabel('utensils')).toBe('Knife and fork')
    expect(categoryIconLabel('toString')).toBeNull()
    expect(categoryIconLabel('rocket')).toBeNull()
    expect(categoryIconLabel(null)).toBeNull()
  })
})
