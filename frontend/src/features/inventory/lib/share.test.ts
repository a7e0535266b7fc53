import { describe, expect, it } from 'vitest'
import { detailsText, shareText } from './share'
import { makeItem } from './test-fixtures'

describe('share', () => {
  it("shares 'name: stock unit in stock'", () => {
    expect(shareText(makeItem())).toBe('Milk: 2 bottles in stock')
  })

  it('copies the filled-in details, one per line', () => {
    const text = detailsText(makeItem({ expiryDate: '2026-06-20', brand: '' }))
    expect(text.split('\n')).toEqual([
      'Milk: 2 bottles in stock',
      'Category: Dairy',
      'Last Price: £1.15',
      'Preferred Store: Tesco',
      'Expiry Date: 20/06/2026',
      'Location in House: Fridge',
      'Default Needed: 3',
    ])
  })
})
