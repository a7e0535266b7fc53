import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import type { RecurringResponse, UpdateRecurringTransactionRequest } from './types'

export const UPDATE_RECURRING_FALLBACK_ERROR = 'Failed to update recurring transaction'

type Variables = { id: string; body: UpdateRecurringTransactionRequest }

/** PUT /recurring-transactions/{id}: edits a recurring income or expense from its next due day on. */
export function updateRecurring({ id, body }: Variables): Promise<RecurringResponse> {
  return client.PUT('/api/recurring-transactions/{id}', {
    params: { path: { id } },
    body,
  })
}

export function useUpdateRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRecurring,
    onSuccess: () => invalidateRecurring(queryClient),
  })
}
