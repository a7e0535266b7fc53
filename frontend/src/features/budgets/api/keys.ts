import type { AnalyticsRange } from './types'

/** Query keys of the budgets feature. */
export const budgetKeys = {
  all: ['budgets'] as const,
  list: () => [...budgetKeys.all, 'list'] as const,
  analytics: (months: AnalyticsRange) => [...budgetKeys.all, 'analytics', months] as const,
}
