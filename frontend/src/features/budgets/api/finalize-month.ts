import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { budgetKeys } from './keys'
import type { FinalizeRequest, FinalizeResponse } from './types'

export const FINALIZE_FALLBACK_ERROR = 'Failed to finalise month'
export const FINALIZE_SUCCESS = 'Month finalised successfully'

/** POST /budget-snapshots/finalize {year, month}: snapshots the caller's month (superadmin only). */
export async function finalizeMonth(body: FinalizeRequest): Promise<FinalizeResponse> {
  return client.POST('/api/budget-snapshots/finalize', { body })
}

/** Finalises, then reloads the budgets and the analytics. */
export function useFinalizeMonth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: finalizeMonth,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  })
}
