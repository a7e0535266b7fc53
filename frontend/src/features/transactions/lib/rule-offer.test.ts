import { describe, expect, it } from 'vitest'
import { makeTransaction } from '@/test/fixtures'
import { ruleOfferFor, rulePattern } from './rule-offer'

const imported = makeTransaction({ source: 'import', description: '  TESCO   STORES 2231 ' })
const recategorised = (before = imported) => ({
  ...before,
  categoryId: { _id: 'cat-travel', name: 'Travel', color: '#03A9F4' },
})

describe('rulePattern', () => {
  it('trims, keeps one space between words and at most 100 characters', () => {
    expect(rulePattern('  TESCO   STORES 2231 ')).toBe('TESCO STORES 2231')
    expect(rulePattern('a'.repeat(120))).toHaveLength(100)
  })
})

describe('ruleOfferFor', () => {
  it('offers a rule when an imported or bank transaction gets another category', () => {
    expect(ruleOfferFor(imported, recategorised())).toEqual({
      description: '  TESCO   STORES 2231 ',
      pattern: 'TESCO STORES 2231',
      categoryId: 'cat-travel',
      categoryName: 'Travel',
    })
    const bank = makeTransaction({ source: 'bank' })
    expect(ruleOfferFor(bank, recategorised(bank))?.categoryName).toBe('Travel')
  })

  it.each(['manual', 'recurring', undefined])('offers nothing for a %s transaction', (source) => {
    const t = makeTransaction({ source: source as 'manual' | 'recurring' | undefined })
    expect(ruleOfferFor(t, recategorised(t))).toBeNull()
  })

  it('offers nothing when the category stayed, or for a transfer', () => {
    expect(ruleOfferFor(imported, { ...imported, notes: 'changed' })).toBeNull()
    const leg = makeTransaction({ source: 'import', isTransfer: true })
    expect(ruleOfferFor(leg, recategorised(leg))).toBeNull()
  })
})
