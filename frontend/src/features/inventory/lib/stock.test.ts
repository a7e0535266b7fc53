import { describe, expect, it } from 'vitest'
import { restockQuantity, stockLabel, stockMeaning, stockPalette } from './stock'

describe('stock', () => {
  it.each([
    ['green', 'green', 'Well stocked'],
    ['amber', 'orange', 'Running low'],
    ['red', 'red', 'Out of stock'],
    ['purple', 'gray', 'Stock unknown'],
  ])('shows %s in the %s palette', (status, palette, meaning) => {
    expect(stockPalette(status)).toBe(palette)
    expect(stockMeaning(status)).toBe(meaning)
  })

  it("labels the stock as 'N units in stock', in the plural", () => {
    expect(stockLabel({ currentStock: 2, unit: 'bottle' })).toBe('2 bottles in stock')
    expect(stockLabel({ currentStock: 1, unit: 'bottle' })).toBe('1 bottle in stock')
    expect(stockLabel({ currentStock: 0, unit: 'item' })).toBe('0 items in stock')
  })

  it.each([
    [0, 3, 3],
    [2, 3, 1],
    [3, 3, 0],
    [5, 3, 0],
    [0, 0, 0],
  ])('with %i in stock and %i needed, buys %i', (currentStock, defaultNeeded, quantity) => {
    expect(restockQuantity({ currentStock, defaultNeeded })).toBe(quantity)
  })
})
