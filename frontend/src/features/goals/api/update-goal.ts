import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateGoals } from './invalidate'
import type { GoalBody, GoalResponse } from './types'

export const UPDATE_GOAL_FALLBACK_ERROR = 'Failed to update goal'
export const UPDATE_GOAL_SUCCESS = 'Goal updated successfully'

type Variables = { id: string; body: GoalBody }

/** PUT /goals/{id}: the form's fields; what was saved stays. */
export function updateGoal({ id, body }: Variables): Promise<GoalResponse> {
  return client.PUT('/api/goals/{id}', { params: { path: { id } }, body })
}

export function useUpdateGoal() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateGoal, onSuccess: () => invalidateGoals(queryClient) })
}
