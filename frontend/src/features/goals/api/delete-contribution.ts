import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateGoals } from './invalidate'
import type { GoalResponse } from './types'

export const DELETE_CONTRIBUTION_FALLBACK_ERROR = 'Failed to delete contribution'
export const DELETE_CONTRIBUTION_SUCCESS = 'Contribution deleted successfully'

type Variables = { goalId: string; contributionId: string }

/** DELETE /goals/{id}/contributions/{contributionId}: answers with the goal after it. */
export function deleteContribution({ goalId, contributionId }: Variables): Promise<GoalResponse> {
  return client.DELETE('/api/goals/{id}/contributions/{contributionId}', {
    params: { path: { id: goalId, contributionId } },
  })
}

export function useDeleteContribution() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteContribution, onSuccess: () => invalidateGoals(queryClient) })
}
