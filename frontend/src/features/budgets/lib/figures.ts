/** Budget figures in integer pence, computed on the client (spec doc 2 'Budgets'). */
import { toPence } from '@/lib/money'
import type { Budget } from '../api/types'

export type BudgetTotals = {
  totalBudgetPence: number
  totalSpentPence: number
  activeBudgets: number
  overBudget: number
}

/** Total Budget (sum of limits), Total Spent, Active Budgets (count) and Over Budget (count). */
export function budgetTotals(budgets: Budget[]): BudgetTotals {
  let totalBudgetPence = 0
  let totalSpentPence = 0
  let overBudget = 0
  for (const b of budgets) {
    totalBudgetPence += toPence(b.limit)
    totalSpentPence += toPence(b.currentSpending)
    if (isOverBudget(b)) overBudget += 1
  }
  return { totalBudgetPence, totalSpentPence, activeBudgets: budgets.length, overBudget }
}

/** Over budget: the server says so, or the spending is above the limit. */
export function isOverBudget(b: Budget): boolean {
  return b.status === 'over_budget' || toPence(b.currentSpending) > toPence(b.limit)
}

/** A progress bar's value: the percentage clamped to 0–100. */
export function cappedPercent(percentage: number): number {
  if (!Number.isFinite(percentage) || percentage < 0) return 0
  return Math.min(100, percentage)
}

/** A percentage with one decimal: 85.25 → '85.3%'. */
export function percentText(percentage: number): string {
  const tenths = Math.round((Number.isFinite(percentage) ? percentage : 0) * 10)
  return `${(tenths / 10).toFixed(1)}%`
}

export type BudgetCardFigures = {
  limitPence: number
  spentPence: number
  /** Limit minus spending; negative when over. */
  remainingPence: number
  over: boolean
  /** 0 to 100, for the bar. */
  progress: number
  percent: string
}

export function budgetCardFigures(b: Budget): BudgetCardFigures {
  const limitPence = toPence(b.limit)
  const spentPence = toPence(b.currentSpending)
  return {
    limitPence,
    spentPence,
    remainingPence: limitPence - spentPence,
    over: isOverBudget(b),
    progress: cappedPercent(b.percentageUsed),
    percent: percentText(b.percentageUsed),
  }
}
