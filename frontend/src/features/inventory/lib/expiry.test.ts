import { describe, expect, it } from 'vitest'
import { expiryAlert, expiryChipText, expiryDetailChip, expiryStatusOf, expiryTag } from './expiry'

const TODAY = '2026-06-10'

describe('expiry', () => {
  it('has nothing to say without a date', () => {
    const item = { expiryDate: null, expiryStatus: null }
    expect(expiryStatusOf(item, TODAY)).toBeNull()
    expect(expiryChipText(item, TODAY)).toBeNull()
    expect(expiryTag(item, TODAY)).toBeNull()
    expect(expiryAlert(item, TODAY)).toBeNull()
    expect(expiryDetailChip(item, TODAY)).toBeNull()
  })

  it('takes the status the server sent', () => {
    const item = { expiryDate: '2026-06-01', expiryStatus: 'expired' as const }
    expect(expiryChipText(item, TODAY)).toBe('Expired: 01/06/2026')
    expect(expiryTag(item, TODAY)).toBe('Expired')
    expect(expiryAlert(item, TODAY)).toBe('This item has expired!')
    expect(expiryDetailChip(item, TODAY)).toBe('Expired')

    const soon = { expiryDate: '2026-06-12T00:00:00.000Z', expiryStatus: 'expiring_soon' as const }
    expect(expiryChipText(soon, TODAY)).toBe('Expires: 12/06/2026')
    expect(expiryTag(soon, TODAY)).toBe('Expires Soon')
    expect(expiryAlert(soon, TODAY)).toBe('This item expires soon!')
    expect(expiryDetailChip(soon, TODAY)).toBe('Expiring Soon')

    const fresh = { expiryDate: '2026-09-01', expiryStatus: 'fresh' as const }
    expect(expiryChipText(fresh, TODAY)).toBe('Expires: 01/09/2026')
    expect(expiryTag(fresh, TODAY)).toBeNull()
    expect(expiryAlert(fresh, TODAY)).toBeNull()
  })

  it.each([
    ['2026-06-09', 'expired'],
    ['2026-06-10', 'expiring_soon'],
    ['2026-06-17', 'expiring_soon'],
    ['2026-06-18', 'fresh'],
  ])('without a server status, %s is %s on 10/06/2026', (expiryDate, status) => {
    expect(expiryStatusOf({ expiryDate, expiryStatus: null }, TODAY)).toBe(status)
  })
})
