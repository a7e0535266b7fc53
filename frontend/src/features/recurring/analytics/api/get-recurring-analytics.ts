import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { recurringAnalyticsKeys } from './keys'
import type { RecurringAnalytics, RecurringAnalyticsRange } from './types'

/** The spec's message when the recurring analytics cannot be fetched (doc 2 §8). */
export const RECURRING_ANALYTICS_FALLBACK_ERROR = 'Failed to fetch analytics'

/** GET /recurring-analytics?months=: {success, data, message}. */
export async function getRecurringAnalytics(months: RecurringAnalyticsRange): Promise<RecurringAnalytics> {
  const res = await client.GET('/api/recurring-analytics', {
    params: { query: { months: String(months) } },
  })
  return res.data
}

export function recurringAnalyticsQueryOptions(months: RecurringAnalyticsRange) {
  return queryOptions({
    queryKey: recurringAnalyticsKeys.range(months),
    queryFn: () => getRecurringAnalytics(months),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useRecurringAnalytics(months: RecurringAnalyticsRange) {
  return useQuery(recurringAnalyticsQueryOptions(months))
}
