import { describe, expect, it } from 'vitest'
import { DEFAULT_UNIT, INVENTORY_UNITS, unitCount, unitLabel, unitOptions } from './units'

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

  it('offers the metric measures and the pint straight after item', () => {
    expect(INVENTORY_UNITS.slice(0, 6)).toEqual(['item', 'g', 'kg', 'ml', 'L', 'pint'])
  })

  it('labels the measures that could mislead, and shows every other unit as stored', () => {
    expect(unitLabel('pound')).toBe('lb (pound weight)')
    expect(unitLabel('ounce')).toBe('oz (ounce weight)')
    expect(unitLabel('cup')).toBe('cup (US measure, 240 ml)')
    expect(unitLabel('pint')).toBe('pint (UK, 568 ml)')
    expect(unitLabel('L')).toBe('L (litres)')
    expect(unitLabel('tin')).toBe('tin')
    expect(unitLabel('crate')).toBe('crate')
    expect(unitLabel('constructor')).toBe('constructor')
    // A label starts with what the list stores or its symbol, and no two read the same.
    const labels = INVENTORY_UNITS.map(unitLabel)
    expect(new Set(labels).size).toBe(labels.length)
    for (const label of labels) expect(label).not.toMatch(/^pound|^ounce/)
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
    // Weights in pounds and ounces are counted by their symbols, never 'pounds' beside a £ price.
    expect(unitCount(2, 'pound')).toBe('2 lb')
    expect(unitCount(1, 'pound')).toBe('1 lb')
    expect(unitCount(8, 'ounce')).toBe('8 oz')
    expect(unitCount(3, 'cup')).toBe('3 cups')
    expect(unitCount(2, 'pint')).toBe('2 pints')
    expect(unitCount(2, 'constructor')).toBe('2 constructor')
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
