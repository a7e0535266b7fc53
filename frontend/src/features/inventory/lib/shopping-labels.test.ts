import { describe, expect, it } from 'vitest'
import { makeEntry, makeShoppingItem } from '../components/shopping-test-handlers'
import { entryName, isAutoAdded, itemOptionLabel, quantityLabel, stockLabel, stockPalette } from './shopping-labels'

describe('shopping labels', () => {
  it.each([
    [0, '0 item'],
    [1, '1 item'],
    [2, '2 items'],
    [12, '12 items'],
  ])('quantity %d → %s', (n, label) => {
    expect(quantityLabel(n)).toBe(label)
  })

  it('names an entry by its item, or Unknown Item', () => {
    expect(entryName(makeEntry())).toBe('Milk')
    expect(entryName(makeEntry({ inventoryItem: makeShoppingItem({ name: '  ' }) }))).toBe('Unknown Item')
    expect(entryName(makeEntry({ inventoryItem: undefined as never }))).toBe('Unknown Item')
  })

  it.each([
    ['entry-1', false, false],
    ['entry-1', true, true],
    ['auto_42', false, true],
    ['xauto_42', false, false],
  ])('%s with isAutoAdded %s is auto-added: %s', (id, flag, auto) => {
    expect(isAutoAdded({ _id: id, isAutoAdded: flag })).toBe(auto)
  })

  it('colours the stock chip red at zero, otherwise as a warning', () => {
    expect(stockPalette(0)).toBe('red')
    expect(stockPalette(1)).toBe('orange')
    expect(stockPalette(-1)).toBe('red')
  })

  it('labels stock and item options', () => {
    expect(stockLabel(2, 'litres')).toBe('Stock: 2 litres')
    expect(stockLabel(0, '')).toBe('Stock: 0')
    expect(itemOptionLabel({ name: 'Milk', brand: 'Cravendale', currentStock: 1, unit: 'litres' })).toBe(
      'Milk - Cravendale (1 litres in stock)',
    )
    expect(itemOptionLabel({ name: 'Eggs', brand: '', currentStock: 0, unit: 'pieces' })).toBe('Eggs (0 pieces in stock)')
  })
})
