import { describe, expect, it } from 'vitest'
import { makeItem } from './test-fixtures'
import { inventoryTotals, stockValuePence, totalValuePence } from './totals'

describe('totals', () => {
  it('multiplies the price in pence by needed and by stock', () => {
    const item = makeItem({ lastPrice: 1.15, defaultNeeded: 3, currentStock: 2 })
    expect(totalValuePence(item)).toBe(345)
    expect(stockValuePence(item)).toBe(230)
  })

  it('sums in whole pence, with no float drift', () => {
    // 0.1 + 0.2 in pounds would give 0.30000000000000004.
    const items = [
      makeItem({ lastPrice: 0.1, defaultNeeded: 1, currentStock: 3 }),
      makeItem({ lastPrice: 0.2, defaultNeeded: 1, currentStock: 0 }),
      makeItem({ lastPrice: 1.15, defaultNeeded: 3, currentStock: 2 }),
    ]
    expect(inventoryTotals(items)).toEqual({ count: 3, grandTotalPence: 375, stockValuePence: 260 })
  })

  it('is nothing for no items', () => {
    expect(inventoryTotals([])).toEqual({ count: 0, grandTotalPence: 0, stockValuePence: 0 })
  })
})
