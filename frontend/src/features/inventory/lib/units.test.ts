import { describe, expect, it } from 'vitest'
import { DEFAULT_UNIT, INVENTORY_UNITS, unitCount, unitOptions } from './units'

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

  it('counts in the plural people use', () => {
    expect(unitCount(4, 'tin')).toBe('4 tins')
    expect(unitCount(1, 'tin')).toBe('1 tin')
    expect(unitCount(0, 'bottle')).toBe('0 bottles')
    expect(unitCount(2, 'loaf')).toBe('2 loaves')
    expect(unitCount(3, 'box')).toBe('3 boxes')
    expect(unitCount(2, 'bunch')).toBe('2 bunches')
    expect(unitCount(3, 'item')).toBe('3 items')
    expect(unitCount(500, 'g')).toBe('500 g')
    expect(unitCount(2, 'L')).toBe('2 L')
    expect(unitCount(1, 'pieces')).toBe('1 piece')
    expect(unitCount(6, 'pieces')).toBe('6 pieces')
    expect(unitCount(2, 'dozen')).toBe('2 dozen')
    expect(unitCount(5, 'other')).toBe('5')
    expect(unitCount(5, '')).toBe('5')
    // A unit of the user's own is kept as they typed it.
    expect(unitCount(2, 'litres')).toBe('2 litres')
  })

  it('keeps a stored unit that is not on the list', () => {
    expect(unitOptions('kg')).toEqual([...INVENTORY_UNITS])
    expect(unitOptions('crate').at(-1)).toBe('crate')
    expect(unitOptions('')).toEqual([...INVENTORY_UNITS])
  })
})
