import { describe, expect, it } from 'vitest'
import { DEFAULT_UNIT, INVENTORY_UNITS, unitOptions } from './units'

describe('inventory units', () => {
  it('starts with item and ends with other, the cooking measures included', () => {
    expect(INVENTORY_UNITS[0]).toBe('item')
    expect(DEFAULT_UNIT).toBe('item')
    expect(INVENTORY_UNITS.at(-1)).toBe('other')
    for (const u of ['kg', 'g', 'L', 'ml', 'pieces', 'cup', 'tablespoon', 'teaspoon', 'ounce', 'pound', 'gallon', 'pint']) {
      expect(INVENTORY_UNITS).toContain(u)
    }
    expect(new Set(INVENTORY_UNITS).size).toBe(INVENTORY_UNITS.length)
  })

  it('keeps a stored unit that is not on the list', () => {
    expect(unitOptions('kg')).toEqual([...INVENTORY_UNITS])
    expect(unitOptions('crate').at(-1)).toBe('crate')
    expect(unitOptions('')).toEqual([...INVENTORY_UNITS])
  })
})
