import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client, getErrorMessage } from '@/lib/api/client'
import { invalidateGoals } from './invalidate'
import type { MessageResponse } from './types'

export const DELETE_GOAL_FALLBACK_ERROR = 'Failed to delete goal'
export const DELETE_GOAL_SUCCESS = 'Goal deleted successfully'

/** DELETE /goals/{id}: the goal and all its contributions. */
export function deleteGoal(id: string): Promise<MessageResponse> {
  return client.DELETE('/api/goals/{id}', { params: { path: { id } } })
}

/** A failure is logged (spec doc 2 §8); the page also keeps the dialog open with the message. */
export function useDeleteGoal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: () => invalidateGoals(queryClient),
    onError: (error) => console.error(getErrorMessage(error, DELETE_GOAL_FALLBACK_ERROR), error),
  })
}
