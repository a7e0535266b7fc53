import { describe, expect, it } from 'vitest'
import { recurringCategories } from './category-filter'

const names = (list: { name: string }[]) => list.map((c) => c.name)

const categories = [
  'Salary',
  'Other Income',
  'Income Tax Refund',
  'Groceries',
  'Subscriptions',
  'Rent & Mortgage',
  'Bills',
  'Freelance',
  'Hobby Stuff',
  'Side-salary bonus',
].map((name) => ({ name }))

describe('recurringCategories (the form type toggle)', () => {
  it('income mode: names mentioning salary or income, or not a common expense name', () => {
    expect(names(recurringCategories('income', categories))).toEqual([
      'Salary',
      'Other Income',
      'Income Tax Refund',
      'Freelance',
      'Hobby Stuff',
      'Side-salary bonus',
    ])
  })

  it('expense mode: every name except those mentioning salary or income', () => {
    expect(names(recurringCategories('expense', categories))).toEqual([
      'Groceries',
      'Subscriptions',
      'Rent & Mortgage',
      'Bills',
      'Freelance',
      'Hobby Stuff',
    ])
  })

  it('ignores case and surrounding spaces', () => {
    const odd = [{ name: '  GROCERIES ' }, { name: 'salary' }, { name: 'INCOME' }]
    expect(names(recurringCategories('income', odd))).toEqual(['salary', 'INCOME'])
    expect(names(recurringCategories('expense', odd))).toEqual(['  GROCERIES '])
  })
})
