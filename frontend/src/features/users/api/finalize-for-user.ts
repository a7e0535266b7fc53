import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { FinalizeForUserResponse } from './types'

export const FINALIZE_FALLBACK_ERROR = 'Failed to finalise month'
export const FINALIZE_SUCCESS = 'Month finalised successfully'

type FinalizeForUserVariables = { userId: string; year: number; month: number }

/** POST /budget-snapshots/finalize/{userId} {year, month}: snapshots that user's budget month. */
export function finalizeForUser({
  userId,
  year,
  month,
}: FinalizeForUserVariables): Promise<FinalizeForUserResponse> {
  return client.POST('/api/budget-snapshots/finalize/{userId}', {
    params: { path: { userId } },
    body: { year, month },
  })
}

/** Nothing cached here shows another user's budgets, so there is nothing to reload. */
export function useFinalizeForUser() {
  return useMutation({ mutationFn: finalizeForUser })
}
