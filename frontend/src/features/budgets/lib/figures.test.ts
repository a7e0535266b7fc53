import { describe, expect, it } from 'vitest'
import { budgetCardFigures, budgetTotals, cappedPercent, isOverBudget, percentText } from './figures'
import { makeBudget } from './test-fixtures'

describe('budgetTotals', () => {
  it('adds limits and spending in pence and counts the budgets over their limit', () => {
    const totals = budgetTotals([
      makeBudget({ limit: 0.1, currentSpending: 0.2, status: 'over_budget' }),
      makeBudget({ limit: 0.2, currentSpending: 0.1, status: 'good' }),
      makeBudget({ limit: 250, currentSpending: 240, status: 'warning' }),
    ])
    expect(totals).toEqual({ totalBudgetPence: 25030, totalSpentPence: 24030, activeBudgets: 3, overBudget: 1 })
  })

  it('is all zero without budgets', () => {
    expect(budgetTotals([])).toEqual({ totalBudgetPence: 0, totalSpentPence: 0, activeBudgets: 0, overBudget: 0 })
  })
})

describe('isOverBudget', () => {
  it('trusts the status and the pence', () => {
    expect(isOverBudget(makeBudget({ status: 'over_budget' }))).toBe(true)
    expect(isOverBudget(makeBudget({ limit: 10, currentSpending: 10.01, status: 'warning' }))).toBe(true)
    expect(isOverBudget(makeBudget({ limit: 10, currentSpending: 10, status: 'warning' }))).toBe(false)
  })
})

describe('cappedPercent', () => {
  it.each([
    [0, 0],
    [40.2, 40.2],
    [100, 100],
    [150.5, 100],
    [-3, 0],
    [Number.NaN, 0],
  ])('%d → %d', (p, v) => expect(cappedPercent(p)).toBe(v))
})

describe('percentText', () => {
  it.each([
    [40.2, '40.2%'],
    [85.25, '85.3%'],
    [100, '100.0%'],
    [150.5, '150.5%'],
    [0, '0.0%'],
  ])('%d → %s', (p, t) => expect(percentText(p)).toBe(t))
})

describe('budgetCardFigures', () => {
  it('gives the remaining amount while under the limit', () => {
    expect(budgetCardFigures(makeBudget())).toEqual({
      limitPence: 25000,
      spentPence: 10050,
      remainingPence: 14950,
      over: false,
      progress: 40.2,
      percent: '40.2%',
    })
  })

  it('gives a negative remainder and a full bar when over', () => {
    const f = budgetCardFigures(
      makeBudget({ limit: 50, currentSpending: 75.25, percentageUsed: 150.5, remaining: -25.25, status: 'over_budget' }),
    )
    expect(f).toMatchObject({ remainingPence: -2525, over: true, progress: 100, percent: '150.5%' })
  })
})
