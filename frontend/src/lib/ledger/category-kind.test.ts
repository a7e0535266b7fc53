import { describe, expect, it } from 'vitest'
import { categoriesForType, isIncomeCategory, kindOfName } from './category-kind'

const categories = [
  { name: 'Groceries', type: 'expense' as const },
  { name: 'Salary', type: 'income' as const },
  { name: 'Lodger', type: 'income' as const },
  { name: 'Dog', type: 'expense' as const },
  { name: 'Side Income', type: 'expense' as const },
]

describe('categoriesForType', () => {
  it("offers each kind's categories, whatever their names say", () => {
    expect(categoriesForType('income', categories).map((c) => c.name)).toEqual(['Salary', 'Lodger'])
    expect(categoriesForType('expense', categories).map((c) => c.name)).toEqual(['Groceries', 'Dog', 'Side Income'])
  })
})

describe('isIncomeCategory', () => {
  it('reads the type, not the name', () => {
    expect(isIncomeCategory({ type: 'income' })).toBe(true)
    expect(isIncomeCategory({ type: 'expense' })).toBe(false)
  })
})

describe('kindOfName', () => {
  it.each([
    ['Salary', 'income'],
    ['Rental INCOME', 'income'],
    ['Lodger', 'expense'],
    ['Groceries', 'expense'],
  ])('%s → %s', (name, kind) => expect(kindOfName(name)).toBe(kind))
})
