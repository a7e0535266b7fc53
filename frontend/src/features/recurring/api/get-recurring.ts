import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { londonToday } from '@/lib/calendar-day'
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

/**
 * While an active template is due (today or earlier), the scheduler is about to make it: the list
 * is fetched again this often until it has, so the page shows the payment without a reload.
 */
export const DUE_POLL_MS = 10_000

/** Whether an active template of the list is due on or before `today`. */
export function hasDueTemplate(list: readonly RecurringTemplate[] | undefined, today: string): boolean {
  return (list ?? []).some((t) => t.isActive && t.nextDue <= today)
}

export function recurringQueryOptions(activeOnly: boolean) {
  return queryOptions({
    queryKey: recurringKeys.list(activeOnly ? 'active' : 'all'),
    queryFn: () => getRecurring(activeOnly),
    // The scheduler advances next due days on its own: refetch on opening.
    staleTime: 0,
    refetchInterval: (query) => (hasDueTemplate(query.state.data, londonToday()) ? DUE_POLL_MS : false),
  })
}

export function useRecurring(activeOnly = false) {
  return useQuery(recurringQueryOptions(activeOnly))
}
