import { describe, expect, it } from 'vitest'
import {
  breakdownRows,
  categoryText,
  countText,
  netLabel,
  percentText,
  reportFigures,
  transferLegsText,
  typeText,
  yearBars,
} from './figures'

describe('reportFigures', () => {
  it('converts every amount to pence once', () => {
    expect(
      reportFigures({
        totalIncome: 2500,
        totalExpenses: 166.17,
        netAmount: 2333.83,
        totalTransactions: 4,
        transferLegCount: 0,
        incomeCount: 1,
        expenseCount: 2,
        openingBalance: 1000,
        closingBalance: 3333.83,
      }),
    ).toEqual({
      incomePence: 250000,
      expensesPence: 16617,
      netPence: 233383,
      incomeCount: 1,
      expenseCount: 2,
      totalTransactions: 4,
      transferLegCount: 0,
      openingPence: 100000,
      closingPence: 333383,
    })
  })
})

describe('netLabel', () => {
  it.each([
    [1, 'Surplus'],
    [250000, 'Surplus'],
    [0, null],
    [-0, null],
    [-1, 'Deficit'],
    [-250000, 'Deficit'],
  ])('%d pence → %s', (pence, label) => expect(netLabel(pence)).toBe(label))
})

describe('countText', () => {
  it.each([
    [0, '0 transactions'],
    [1, '1 transaction'],
    [2, '2 transactions'],
  ])('%d → %s', (n, text) => expect(countText(n)).toBe(text))
})

describe('percentText', () => {
  it.each([
    [42.5, '42.5%'],
    [100, '100.0%'],
    [0, '0.0%'],
    [33.3, '33.3%'],
  ])('%d → %s', (p, text) => expect(percentText(p)).toBe(text))
})

describe('breakdownRows', () => {
  it('gives each category its pence, share and count', () => {
    expect(
      breakdownRows([
        { category: { name: 'Groceries', color: '#4CAF50' }, total: 120.5, percentage: 72.5, count: 2 },
        { category: { name: 'Misc', color: '' }, total: 45.67, percentage: 27.5, count: 1 },
      ]),
    ).toEqual([
      { name: 'Groceries', color: '#4CAF50', pence: 12050, percent: '72.5%', count: 2 },
      { name: 'Misc', color: '#9E9E9E', pence: 4567, percent: '27.5%', count: 1 },
    ])
  })
})

describe('transaction columns', () => {
  const base = { date: '2026-06-01', description: 'x', account: 'A', amount: -1, type: 'expense' as const }
  it('shows Transfer instead of a category for a transfer', () => {
    expect(categoryText({ ...base, category: null, isTransfer: true })).toBe('Transfer')
    expect(categoryText({ ...base, category: 'Groceries', isTransfer: false })).toBe('Groceries')
  })

  it('capitalises the type', () => {
    expect(typeText({ ...base, category: null, isTransfer: false })).toBe('Expense')
    expect(typeText({ ...base, type: 'income', category: null, isTransfer: false })).toBe('Income')
  })
})

describe('yearBars', () => {
  it('gives the chart pence per month', () => {
    expect(
      yearBars([
        { month: 1, monthName: 'January', income: 2500, expenses: 0.3, net: 2499.7, incomeCount: 1, expenseCount: 1 },
      ]),
    ).toEqual([{ month: 'Jan', Income: 250000, Expenses: 30 }])
  })
})

describe('transferLegsText', () => {
  it('says how many transfer legs the count leaves out', () => {
    expect(transferLegsText(0)).toBeNull()
    expect(transferLegsText(1)).toBe('1 transfer leg not counted')
    expect(transferLegsText(2)).toBe('2 transfer legs not counted')
  })
})
