import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { goalKeys } from './keys'
import type { GoalsSummary } from './types'

export const GOALS_SUMMARY_FALLBACK_ERROR = 'Failed to fetch goals summary'

/** GET /goals/dashboard/summary: counts, overall progress and the totals of every goal. */
export async function getGoalsSummary(): Promise<GoalsSummary> {
  const res = await client.GET('/api/goals/dashboard/summary')
  return res.data
}

export function goalsSummaryQueryOptions() {
  return queryOptions({ queryKey: goalKeys.summary(), queryFn: getGoalsSummary })
}

export function useGoalsSummary() {
  return useQuery(goalsSummaryQueryOptions())
}
