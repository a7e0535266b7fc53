import { describe, expect, it } from 'vitest'
import {
  categoriesForType,
  expenseCategories,
  incomeCategories,
  isCommonExpenseName,
  mentionsIncome,
} from './category-filters'

const names = (list: { name: string }[]) => list.map((c) => c.name)

const categories = [
  'Groceries',
  'Eating Out',
  'Salary',
  'Other Income',
  'Travel',
  'Freelance Work',
  'Rental income',
  'SALARY SACRIFICE',
  'Pet Care',
  'Coffee & Snacks',
].map((name) => ({ name }))

describe('mentionsIncome', () => {
  it.each([
    ['Salary', true],
    ['salary', true],
    ['Other Income', true],
    ['Rental INCOME', true],
    ['Incomes', true],
    ['Groceries', false],
    ['Freelance', false],
  ])('%s → %s', (name, expected) => {
    expect(mentionsIncome(name)).toBe(expected)
  })
})

describe('isCommonExpenseName', () => {
  it.each([
    ['Groceries', true],
    ['  groceries ', true],
    ['Rent & Mortgage', true],
    ['Bills & Utilities', true],
    ['Freelance Work', false],
    ['Pet Care', false],
    ['Groceries 2', false],
  ])('%s → %s', (name, expected) => {
    expect(isCommonExpenseName(name)).toBe(expected)
  })
})

describe('category choices of the transaction form', () => {
  it('income view: names mentioning salary or income, or not a common expense', () => {
    expect(names(incomeCategories(categories))).toEqual([
      'Salary',
      'Other Income',
      'Freelance Work',
      'Rental income',
      'SALARY SACRIFICE',
      'Pet Care',
    ])
  })

  it('expense view: names not mentioning salary or income', () => {
    expect(names(expenseCategories(categories))).toEqual([
      'Groceries',
      'Eating Out',
      'Travel',
      'Freelance Work',
      'Pet Care',
      'Coffee & Snacks',
    ])
  })

  it('picks the view by type and keeps the objects', () => {
    expect(categoriesForType('income', categories)[0]).toBe(categories[2])
    expect(names(categoriesForType('expense', categories))).toEqual(names(expenseCategories(categories)))
  })
})
