import { describe, expect, it } from 'vitest'
import { averageSpend, keptOfIncome, monthFigures, percentText, pieSlices, spendPerDay } from './figures'

describe('monthFigures', () => {
  const wire = { totalIncome: 2500, totalExpenses: 166.17, balance: 2333.83, transactionCount: 3, incomeCount: 1, expenseCount: 2 }

  it('turns the wire pounds into pence', () => {
    expect(monthFigures(wire)).toEqual({
      incomePence: 250000,
      expensesPence: 16617,
      balancePence: 233383,
      count: 3,
      incomeCount: 1,
      expenseCount: 2,
    })
  })

  it('keeps a negative balance signed', () => {
    expect(monthFigures({ ...wire, totalIncome: 0.1, totalExpenses: 0.3, balance: -0.2 }).balancePence).toBe(-20)
  })
})

const month = (incomePence: number, expensesPence: number, incomeCount: number, expenseCount: number) => ({
  incomePence,
  expensesPence,
  balancePence: incomePence - expensesPence,
  count: incomeCount + expenseCount,
  incomeCount,
  expenseCount,
})

describe('averageSpend', () => {
  it.each([
    [250000, 16617, 1, 2, 8309], // a salary is not averaged in: 16617 / 2 = 8308.5
    [0, 999, 0, 3, 333],
    [0, 1, 0, 2, 1], // 0.5p rounds up
  ])('income %d, spending %d (%d in, %d out) → %d pence', (income, spent, ins, outs, expected) => {
    expect(averageSpend(month(income, spent, ins, outs))).toBe(expected)
  })

  it('is not shown before the first spending', () => {
    expect(averageSpend(month(250000, 0, 1, 0))).toBeNull()
  })
})

describe('spendPerDay', () => {
  it('spreads the spending over the days so far', () => {
    expect(spendPerDay(month(0, 10000, 0, 4), 3)).toBe(3333)
    expect(spendPerDay(month(0, 10000, 0, 4), 0)).toBe(10000)
  })
})

describe('keptOfIncome', () => {
  it.each([
    [250000, 16617, '93.4%'],
    [100000, 125000, '-25.0%'],
    [100000, 100000, '0.0%'],
  ])('income %d, spending %d → %s', (income, spent, expected) => {
    expect(keptOfIncome(month(income, spent, 1, 1))).toBe(expected)
  })

  it('is not shown without income', () => {
    expect(keptOfIncome(month(0, 500, 0, 1))).toBeNull()
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
