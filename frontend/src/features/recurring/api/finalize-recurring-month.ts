import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recurringKeys } from './keys'
import type { FinalizeRecurringRequest, FinalizeRecurringResponse } from './types'

export const FINALIZE_RECURRING_FALLBACK_ERROR = 'Failed to finalise month'
export const FINALIZE_RECURRING_SUCCESS = 'Month finalised successfully'

/** POST /recurring-snapshots/finalize {year, month}: snapshots the caller's recurring month. */
export function finalizeRecurringMonth(body: FinalizeRecurringRequest): Promise<FinalizeRecurringResponse> {
  return client.POST('/api/recurring-snapshots/finalize', { body })
}

/** Then reloads the summary (spec doc 2 §7). */
export function useFinalizeRecurringMonth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: finalizeRecurringMonth,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurringKeys.summary() }),
  })
}
