import { queryOptions, useQuery } from '@tanstack/react-query'
import { client, getErrorMessage } from '@/lib/api/client'
import { recurringKeys } from './keys'
import type { RecurringTemplate } from './types'

/** How many upcoming templates are fetched unless told (spec doc 2 §9). */
export const DEFAULT_UPCOMING_COUNT = 5

/**
 * GET /recurring-transactions/upcoming/{count}: the next active templates, soonest first. A
 * failure is only logged (spec doc 2 §8) and gives an empty list.
 */
export async function getUpcoming(count: number = DEFAULT_UPCOMING_COUNT): Promise<RecurringTemplate[]> {
  try {
    const res = await client.GET('/api/recurring-transactions/upcoming/{count}', {
      params: { path: { count: String(count) } },
    })
    return res.data
  } catch (error) {
    console.error(getErrorMessage(error, 'Failed to fetch upcoming recurring transactions'), error)
    return []
  }
}

export function upcomingQueryOptions(count: number = DEFAULT_UPCOMING_COUNT) {
  return queryOptions({ queryKey: recurringKeys.upcoming(count), queryFn: () => getUpcoming(count) })
}

export function useUpcomingRecurring(count: number = DEFAULT_UPCOMING_COUNT) {
  return useQuery(upcomingQueryOptions(count))
}
