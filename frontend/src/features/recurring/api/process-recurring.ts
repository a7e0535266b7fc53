import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateAfterProcessing } from './invalidate'
import type { ProcessRecurringResponse } from './types'

export const PROCESS_RECURRING_FALLBACK_ERROR = 'Failed to process recurring transaction'
export const PROCESS_RECURRING_SUCCESS = 'Recurring transaction processed successfully'

/** POST /recurring-transactions/{id}/process: makes the next occurrence now and advances next due. */
export function processRecurring(id: string): Promise<ProcessRecurringResponse> {
  return client.POST('/api/recurring-transactions/{id}/process', {
    params: { path: { id } },
  })
}

/** Then reloads the list and the summary (spec), and the ledger the new transaction is in. */
export function useProcessRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: processRecurring,
    onSuccess: () => invalidateAfterProcessing(queryClient),
  })
}
