import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { budgetKeys } from './keys'
import type { AnalyticsRange, BudgetAnalytics } from './types'

export const ANALYTICS_FALLBACK_ERROR = 'Failed to fetch analytics data'

/** GET /budget-analytics?months=: the payload is nested in data.data. */
export async function getBudgetAnalytics(months: AnalyticsRange): Promise<BudgetAnalytics> {
  const res = await client.GET('/api/budget-analytics', {
    params: { query: { months: String(months) } },
  })
  return res.data.data
}

export function budgetAnalyticsQueryOptions(months: AnalyticsRange) {
  return queryOptions({
    queryKey: budgetKeys.analytics(months),
    queryFn: () => getBudgetAnalytics(months),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useBudgetAnalytics(months: AnalyticsRange) {
  return useQuery(budgetAnalyticsQueryOptions(months))
}
