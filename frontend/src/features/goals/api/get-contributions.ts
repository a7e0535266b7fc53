import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { goalKeys } from './keys'
import type { Contribution } from './types'

export const CONTRIBUTIONS_FALLBACK_ERROR = 'Failed to fetch contributions'

/** GET /goals/{id}/contributions: newest first. */
export async function getContributions(goalId: string): Promise<Contribution[]> {
  const res = await client.GET('/api/goals/{id}/contributions', {
    params: { path: { id: goalId } },
  })
  return res.data
}

export function contributionsQueryOptions(goalId: string) {
  return queryOptions({ queryKey: goalKeys.contributions(goalId), queryFn: () => getContributions(goalId) })
}

export function useContributions(goalId: string) {
  return useQuery(contributionsQueryOptions(goalId))
}
