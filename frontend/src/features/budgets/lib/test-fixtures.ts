import type { Budget, MonthlyBudget } from '../api/types'

/** Test data for the budgets feature. */
export function makeBudget(overrides: Partial<Budget> = {}): Budget {
  return {
    _id: 'b-groceries',
    categoryId: {
      _id: 'cat-groceries',
      name: 'Groceries',
      color: '#4CAF50',
      description: 'Supermarket and food shopping',
      isDefault: true,
    },
    limit: 250,
    currentSpending: 100.5,
    percentageUsed: 40.2,
    remaining: 149.5,
    status: 'good',
    ...overrides,
  }
}

export function makeMonth(overrides: Partial<MonthlyBudget> = {}): MonthlyBudget {
  return {
    year: 2026,
    month: 6,
    monthName: 'June',
    totalBudgeted: 300,
    totalSpent: 320.5,
    netDifference: -20.5,
    source: 'computed',
    categoryBreakdown: [],
    ...overrides,
  }
}
