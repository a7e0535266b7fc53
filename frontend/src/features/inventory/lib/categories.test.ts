import { describe, expect, it } from 'vitest'
import { filterCategories, INVENTORY_CATEGORIES } from './categories'

describe('inventory categories', () => {
  it('holds about 140 distinct entries from Produce to Other', () => {
    expect(INVENTORY_CATEGORIES.length).toBeGreaterThanOrEqual(130)
    expect(INVENTORY_CATEGORIES.length).toBeLessThanOrEqual(150)
    expect(new Set(INVENTORY_CATEGORIES).size).toBe(INVENTORY_CATEGORIES.length)
    expect(INVENTORY_CATEGORIES[0]).toBe('Produce')
    expect(INVENTORY_CATEGORIES.at(-1)).toBe('Other')
    for (const c of ['Dairy', 'Meat & Fish', 'Pantry', 'Beverages', 'Toilet Roll', 'Pet Food']) {
      expect(INVENTORY_CATEGORIES).toContain(c)
    }
  })

  it('filters by any part of the name, ignoring case', () => {
    expect(filterCategories('ROLL')).toEqual(['Toilet Roll', 'Kitchen Roll'])
    expect(filterCategories('  ')).toHaveLength(INVENTORY_CATEGORIES.length)
    expect(filterCategories('zzz')).toEqual([])
  })
})
