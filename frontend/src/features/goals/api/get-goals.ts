import { client } from '@/lib/api/client'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { type GoalFilters, goalsQuery } from '../lib/filters'
import { goalKeys } from './keys'
import type { Goal } from './types'

export const GOALS_FALLBACK_ERROR = 'Failed to fetch goals'

/** GET /goals?status=&category=&sort=: status and category are left out for all. */
export async function getGoals(filters: GoalFilters): Promise<Goal[]> {
  const res = await client.GET('/api/goals', { params: { query: goalsQuery(filters) } })
  return res.data
}

export function goalsQueryOptions(filters: GoalFilters) {
  return queryOptions({ queryKey: goalKeys.list(filters), queryFn: () => getGoals(filters) })
}

export function useGoals(filters: GoalFilters) {
  return useQuery({ ...goalsQueryOptions(filters), placeholderData: keepPreviousData })
}
