import type { GoalFilters } from '../lib/filters'

/**
 * Query keys of the goals feature. The dashboard's Savings Goals card reads the summary under
 * the same key (['goals', 'summary']), so the writes here refresh it too.
 */
export const goalKeys = {
  all: ['goals'] as const,
  lists: () => [...goalKeys.all, 'list'] as const,
  list: (filters: GoalFilters) => [...goalKeys.lists(), filters] as const,
  detail: (id: string) => [...goalKeys.all, 'detail', id] as const,
  summary: () => [...goalKeys.all, 'summary'] as const,
  contributions: (goalId: string) => [...goalKeys.all, 'contributions', goalId] as const,
}
