import { describe, expect, it } from 'vitest'
import { eligibleCategories, isIncomeCategoryName } from './eligible'

describe('isIncomeCategoryName', () => {
  it.each([
    ['Salary', true],
    ['Other Income', true],
    ['SALARY sacrifice', true],
    ['Rental income', true],
    ['incomes', true],
    ['Groceries', false],
    ['Sal ary', false],
  ])('%s → %s', (name, income) => expect(isIncomeCategoryName(name)).toBe(income))
})

describe('eligibleCategories', () => {
  const cats = [
    { _id: 'c1', name: 'Groceries' },
    { _id: 'c2', name: 'Salary' },
    { _id: 'c3', name: 'Travel' },
    { _id: 'c4', name: 'Other Income' },
    { _id: 'c5', name: 'Hobby Stuff' },
  ]

  it('keeps expense categories without a budget, in order', () => {
    expect(eligibleCategories(cats, [{ categoryId: { _id: 'c3' } }]).map((c) => c._id)).toEqual(['c1', 'c5'])
  })

  it('is empty when every expense category has a budget', () => {
    const budgets = ['c1', 'c3', 'c5'].map((_id) => ({ categoryId: { _id } }))
    expect(eligibleCategories(cats, budgets)).toEqual([])
  })
})
