import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { recurringKeys } from './keys'
import type { RecurringTemplate } from './types'

export const RECURRING_FALLBACK_ERROR = 'Failed to fetch recurring transactions'

/** GET /recurring-transactions?active=: 'true' for active templates only, otherwise 'all'. */
export async function getRecurring(activeOnly: boolean): Promise<RecurringTemplate[]> {
  const res = await client.GET('/api/recurring-transactions', {
    params: { query: { active: activeOnly ? 'true' : 'all' } },
  })
  return res.data.recurringTransactions
}

export function recurringQueryOptions(activeOnly: boolean) {
  return queryOptions({
    queryKey: recurringKeys.list(activeOnly ? 'active' : 'all'),
    queryFn: () => getRecurring(activeOnly),
    // The scheduler advances next due days on its own: refetch on opening.
    staleTime: 0,
  })
}

export function useRecurring(activeOnly = false) {
  return useQuery(recurringQueryOptions(activeOnly))
}
