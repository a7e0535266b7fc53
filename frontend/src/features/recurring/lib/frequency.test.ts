import { describe, expect, it } from 'vitest'
import { FREQUENCIES, FREQUENCY_ICONS, frequencyLabel, isFrequency } from './frequency'
import { amountColor, templateAccountsText, templateAmountText } from './template-view'
import { makeTemplate, makeTransferTemplate } from './test-fixtures'

describe('frequencies', () => {
  it.each([
    ['weekly', 'Weekly'],
    ['monthly', 'Monthly'],
    ['yearly', 'Yearly'],
    ['fortnightly', 'fortnightly'],
  ])('%s is labelled %s', (value, label) => {
    expect(frequencyLabel(value)).toBe(label)
  })

  it('has a distinct icon for each', () => {
    expect(new Set(FREQUENCIES.map((f) => FREQUENCY_ICONS[f])).size).toBe(3)
    expect(isFrequency('monthly')).toBe(true)
    expect(isFrequency('daily')).toBe(false)
  })
})

describe('template amounts and accounts', () => {
  it('signs income and expenses and leaves transfers unsigned', () => {
    expect(templateAmountText({ amount: 2500, type: 'income' })).toBe('+£2,500.00')
    expect(templateAmountText({ amount: -12.99, type: 'expense' })).toBe('-£12.99')
    // An expense sent unsigned still reads as money going out.
    expect(templateAmountText({ amount: 12.99, type: 'expense' })).toBe('-£12.99')
    expect(templateAmountText({ amount: 200, type: 'transfer' })).toBe('£200.00')
    expect([amountColor('income'), amountColor('expense'), amountColor('transfer')]).toEqual([
      'fg.success',
      'fg.error',
      'fg',
    ])
  })

  it("names the entry's account, or a transfer's two", () => {
    expect(templateAccountsText(makeTemplate())).toBe('Everyday Current')
    expect(templateAccountsText(makeTransferTemplate())).toBe('Everyday Current → Rainy Day')
  })
})
