import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateGoals } from './invalidate'
import type { GoalBody, GoalResponse } from './types'

export const CREATE_GOAL_FALLBACK_ERROR = 'Failed to create goal'
export const CREATE_GOAL_SUCCESS = 'Goal created successfully'

/** POST /goals: a new goal with nothing saved yet. */
export function createGoal(body: GoalBody): Promise<GoalResponse> {
  return client.POST('/api/goals', { body })
}

export function useCreateGoal() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createGoal, onSuccess: () => invalidateGoals(queryClient) })
}
