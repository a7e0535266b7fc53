import { describe, expect, it } from 'vitest'
import { averagePerTransaction, monthFigures, percentText, pieSlices } from './figures'

describe('monthFigures', () => {
  it('turns the wire pounds into pence', () => {
    expect(
      monthFigures({ totalIncome: 2500, totalExpenses: 166.17, balance: 2333.83, transactionCount: 3 }),
    ).toEqual({ incomePence: 250000, expensesPence: 16617, balancePence: 233383, count: 3 })
  })

  it('keeps a negative balance signed', () => {
    expect(
      monthFigures({ totalIncome: 0.1, totalExpenses: 0.3, balance: -0.2, transactionCount: 2 }).balancePence,
    ).toBe(-20)
  })
})

describe('averagePerTransaction', () => {
  it.each([
    [250000, 16617, 3, 88872], // 266617 / 3 = 88872.33
    [100, 0, 1, 100],
    [1, 0, 2, 1], // 0.5p rounds up
    [0, 999, 3, 333],
  ])('(%d + %d) / %d → %d pence', (incomePence, expensesPence, count, expected) => {
    expect(averagePerTransaction({ incomePence, expensesPence, balancePence: 0, count })).toBe(expected)
  })

  it('is not shown without transactions', () => {
    expect(
      averagePerTransaction({ incomePence: 0, expensesPence: 0, balancePence: 0, count: 0 }),
    ).toBeNull()
  })
})

describe('percentText', () => {
  it.each([
    [1, 3, '33.3%'],
    [2, 3, '66.7%'],
    [1, 1, '100.0%'],
    [0, 5, '0.0%'],
    [1, 8, '12.5%'],
    [5, 0, '0.0%'],
  ])('%d of %d → %s', (part, total, expected) => expect(percentText(part, total)).toBe(expected))
})

describe('pieSlices', () => {
  it('gives each slice its pence and share with one decimal', () => {
    const { slices, totalPence } = pieSlices([
      { name: 'Groceries', total: 120.5, color: '#4CAF50' },
      { name: 'Travel', total: 45.67, color: '#03A9F4' },
      { name: 'Coffee', total: 0.1, color: '' },
    ])
    expect(totalPence).toBe(16627)
    expect(slices).toEqual([
      { id: 'Groceries', label: 'Groceries', value: 12050, color: '#4CAF50', percent: '72.5%' },
      { id: 'Travel', label: 'Travel', value: 4567, color: '#03A9F4', percent: '27.5%' },
      { id: 'Coffee', label: 'Coffee', value: 10, color: '#9E9E9E', percent: '0.1%' },
    ])
  })

  it('adds 0.1 + 0.2 exactly', () => {
    expect(
      pieSlices([
        { name: 'A', total: 0.1, color: '#000' },
        { name: 'B', total: 0.2, color: '#111' },
      ]).totalPence,
    ).toBe(30)
  })

  it('is empty for no data', () => {
    expect(pieSlices([])).toEqual({ slices: [], totalPence: 0 })
  })
})
