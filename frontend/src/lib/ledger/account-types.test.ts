import { describe, expect, it } from 'vitest'
import { accountOptionLabel, accountTypeLabel, accountTypePalette, balanceTone, isCreditType } from './account-types'

describe('balanceTone (debt is stored negative)', () => {
  it.each([
    // Credit types: below zero is debt → error; zero or in credit → success.
    ['credit_card', -1, 'error'],
    ['credit_card', -150000, 'error'],
    ['credit_card', 0, 'success'],
    ['credit_card', 2500, 'success'],
    ['credit', -1, 'error'],
    ['credit', 0, 'success'],
    // Other accounts: zero or more → success; negative → error.
    ['current', 0, 'success'],
    ['current', 100, 'success'],
    ['current', -1, 'error'],
    ['savings', -50000, 'error'],
    ['cash', 1, 'success'],
    ['investment', 0, 'success'],
    ['other', -1, 'error'],
  ] as const)('%s with %d pence → %s', (type, pence, tone) => {
    expect(balanceTone(type, pence)).toBe(tone)
  })
})

describe('account types', () => {
  it.each([
    ['current', 'Current Account', 'blue'],
    ['savings', 'Savings Account', 'green'],
    ['credit', 'Credit Account', 'red'],
    ['credit_card', 'Credit Card', 'red'],
    ['cash', 'Cash', 'orange'],
    ['investment', 'Investment Account', 'purple'],
    ['other', 'Other', 'gray'],
  ])('%s is shown as %s in %s', (type, label, palette) => {
    expect(accountTypeLabel(type)).toBe(label)
    expect(accountTypePalette(type)).toBe(palette)
  })

  it('knows the credit types', () => {
    expect(isCreditType('credit')).toBe(true)
    expect(isCreditType('credit_card')).toBe(true)
    expect(isCreditType('current')).toBe(false)
  })
})

describe('accountOptionLabel', () => {
  it.each([
    // The name already says the type: shown once.
    ['Current Account', 'current', 'Current Account'],
    ['current account', 'current', 'current account'],
    ['Barclays Credit Card', 'credit_card', 'Barclays Credit Card'],
    ['Cash', 'cash', 'Cash'],
    ['Petty cash', 'cash', 'Petty cash'],
    ['My Savings Account (ISA)', 'savings', 'My Savings Account (ISA)'],
    // Otherwise the type follows in brackets.
    ['Everyday Current', 'current', 'Everyday Current (Current Account)'],
    ['Rainy Day', 'savings', 'Rainy Day (Savings Account)'],
    ['Travel Card', 'credit_card', 'Travel Card (Credit Card)'],
    ['Current Account', 'savings', 'Current Account (Savings Account)'],
    ['Wallet', 'cash', 'Wallet (Cash)'],
  ])('%s of type %s → %s', (name, type, label) => {
    expect(accountOptionLabel({ name, type })).toBe(label)
  })
})
