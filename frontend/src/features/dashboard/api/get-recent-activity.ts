import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Transaction } from '@/lib/api/types'
import { dashboardKeys } from './keys'

export const RECENT_ACTIVITY_FALLBACK_ERROR = 'Failed to load recent activity'
/** How many of the latest transactions the card lists. */
export const RECENT_ACTIVITY_SIZE = 5

/** GET /transactions, first page of five, transfers included: the household's latest rows. */
export async function getRecentActivity(): Promise<Transaction[]> {
  const res = await client.GET('/api/transactions', {
    params: { query: { page: '1', limit: String(RECENT_ACTIVITY_SIZE), includeTransfers: true } },
  })
  return res.transactions
}

export function recentActivityQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.recent(), queryFn: getRecentActivity })
}

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions())
}
