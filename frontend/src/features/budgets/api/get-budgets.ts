import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { budgetKeys } from './keys'
import type { BudgetsData, BudgetsResponse } from './types'

export const BUDGETS_FALLBACK_ERROR = 'Failed to fetch budgets'

/** GET /budgets: every budget with this London month's spending, and the month. */
export async function getBudgets(): Promise<BudgetsData> {
  const res = await api.get<BudgetsResponse>('/budgets')
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
