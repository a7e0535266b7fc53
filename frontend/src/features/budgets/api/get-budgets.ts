import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { budgetKeys } from './keys'
import type { BudgetsData } from './types'

export const BUDGETS_FALLBACK_ERROR = 'Failed to fetch budgets'

/** GET /budgets: every budget with this London month's spending, and the month. */
export async function getBudgets(): Promise<BudgetsData> {
  const res = await client.GET('/api/budgets')
  return res.data
}

export function budgetsQueryOptions() {
  return queryOptions({
    queryKey: budgetKeys.list(),
    queryFn: getBudgets,
    // Spending changes with every transaction, on any screen: refetch on opening.
    staleTime: 0,
  })
}

export function useBudgets() {
  return useQuery(budgetsQueryOptions())
}
