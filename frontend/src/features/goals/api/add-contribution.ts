import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateGoals } from './invalidate'
import type { ContributionBody, ContributionResponse } from './types'

export const ADD_CONTRIBUTION_FALLBACK_ERROR = 'Failed to add contribution'
export const ADD_CONTRIBUTION_SUCCESS = 'Contribution added successfully'

type Variables = { goalId: string; body: ContributionBody; idempotencyKey?: string }

/** POST /goals/{id}/contributions: the goal after it (completed when it reached the target). */
export function addContribution({ goalId, body, idempotencyKey }: Variables): Promise<ContributionResponse> {
  return client.POST('/api/goals/{id}/contributions', {
    params: { path: { id: goalId } },
    body,
    idempotencyKey,
  })
}

export function useAddContribution() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addContribution, onSuccess: () => invalidateGoals(queryClient) })
}
