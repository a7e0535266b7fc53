import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

/**
 * GET /goals/dashboard/summary, for the Savings Goals card. The goals feature has the same call;
 * features do not import each other, so it is repeated here.
 */
export type GoalsSummary = components['schemas']['GoalsSummaryDto']

export async function getGoalsSummary(): Promise<GoalsSummary> {
  const res = await client.GET('/api/goals/dashboard/summary')
  return res.data
}

/**
 * The goals feature keeps its summary under this key too, with the same answer, so adding a goal
 * or a contribution there refreshes this card.
 */
export const GOALS_SUMMARY_KEY = ['goals', 'summary'] as const

export function goalsSummaryQueryOptions() {
  return queryOptions({ queryKey: GOALS_SUMMARY_KEY, queryFn: getGoalsSummary })
}

export function useGoalsSummary() {
  return useQuery(goalsSummaryQueryOptions())
}
