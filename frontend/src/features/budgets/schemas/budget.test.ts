import { describe, expect, it } from 'vitest'
import { firstErrors } from '@/test/zod'
import { budgetFormDefaults, budgetFormSchema, limitProblem, limitText } from './budget'

describe('budget form', () => {
  it.each<[string, string | null]>([
    ['', 'Budget limit is required'],
    ['   ', 'Budget limit is required'],
    ['lots', 'Budget limit must be a number'],
    ['12,50', 'Budget limit must be a number'],
    ['1e3', 'Budget limit must be a number'],
    ['$10', 'Budget limit must be a number'],
    ['0', 'Budget limit must be positive'],
    ['0.00', 'Budget limit must be positive'],
    ['-5', 'Budget limit must be positive'],
    ['-0.001', 'Budget limit must be positive'],
    ['-99999999999999', 'Budget limit must be positive'],
    ['0.001', 'Budget limit must be at least £0.01'],
    ['0.009', 'Budget limit must be at least £0.01'],
    ['.0099', 'Budget limit must be at least £0.01'],
    ['12.345', 'Budget limit cannot have more than 2 decimal places'],
    ['1000000', 'Budget limit cannot exceed £999,999.99'],
    ['999999.995', 'Budget limit cannot have more than 2 decimal places'],
    ['99999999999999', 'Budget limit cannot exceed £999,999.99'],
    ['999999.99', null],
    ['0.01', null],
    ['250', null],
    ['12.5', null],
    [' 75.00 ', null],
    ['£1,250.50', null],
  ])('%j → %s', (text, message) => {
    expect(limitProblem(text)).toBe(message)
    expect(firstErrors(budgetFormSchema, { limit: text }).limit).toBe(message ?? undefined)
  })

  it('gives the limit in pence and sends it as decimal text', () => {
    const values = budgetFormSchema.parse({ limit: '12.5' })
    expect(values).toEqual({ limit: 1250 })
    expect(limitText(values)).toBe('12.50')
  })

  it('starts from the current limit or empty', () => {
    expect(budgetFormDefaults(25000)).toEqual({ limit: '250.00' })
    expect(budgetFormDefaults(null)).toEqual({ limit: '' })
  })
})
