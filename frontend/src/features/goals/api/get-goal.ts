import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { goalKeys } from './keys'
import type { Goal } from './types'

export const GOAL_FALLBACK_ERROR = 'Failed to fetch goal'

/** GET /goals/{id}: one goal with its stats. */
export async function getGoal(id: string): Promise<Goal> {
  const res = await client.GET('/api/goals/{id}', { params: { path: { id } } })
  return res.data
}

export function goalQueryOptions(id: string) {
  return queryOptions({ queryKey: goalKeys.detail(id), queryFn: () => getGoal(id) })
}

export function useGoal(id: string) {
  return useQuery(goalQueryOptions(id))
}
