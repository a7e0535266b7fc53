import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'

/**
 * GET /shopping-list, counted: 'N items to restock' is the number of entries on the list the
 * tile opens, so the two always agree. The server puts every item below its need there (on
 * creation, edits, decrements and restores), so this is also what is running low, plus whatever
 * the user added by hand. The inventory feature has the same call; features do not import each
 * other, so it is repeated here.
 */
export async function getRunningLow(): Promise<number> {
  const res = await client.GET('/api/shopping-list')
  return res.data.length
}

/**
 * Under the shopping list's root key (the inventory feature's `shoppingKeys.all`), which every
 * write that can change the list invalidates: list edits, item writes (a new or edited item may be
 * listed), decrements, trips and the offline queue's replay.
 */
export const RUNNING_LOW_KEY = ['shopping-list', 'running-low'] as const

export function runningLowQueryOptions() {
  return queryOptions({ queryKey: RUNNING_LOW_KEY, queryFn: getRunningLow })
}

export function useRunningLow() {
  return useQuery(runningLowQueryOptions())
}
