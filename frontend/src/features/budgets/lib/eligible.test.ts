import { describe, expect, it } from 'vitest'
import { eligibleCategories } from './eligible'

describe('eligibleCategories', () => {
  const cats = [
    { _id: 'c1', name: 'Groceries', type: 'expense' as const },
    { _id: 'c2', name: 'Salary', type: 'income' as const },
    { _id: 'c3', name: 'Travel', type: 'expense' as const },
    { _id: 'c4', name: 'Lodger', type: 'income' as const },
    { _id: 'c5', name: 'Side Income Costs', type: 'expense' as const },
  ]

  it('keeps spending categories without a budget, in order, whatever their names say', () => {
    expect(eligibleCategories(cats, [{ categoryId: { _id: 'c3' } }]).map((c) => c._id)).toEqual(['c1', 'c5'])
  })

  it('is empty when every spending category has a budget', () => {
    const budgets = ['c1', 'c3', 'c5'].map((_id) => ({ categoryId: { _id } }))
    expect(eligibleCategories(cats, budgets)).toEqual([])
  })
})
