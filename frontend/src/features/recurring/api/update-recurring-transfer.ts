import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import type { RecurringResponse, UpdateRecurringTransferRequest } from './types'

export const UPDATE_RECURRING_TRANSFER_FALLBACK_ERROR = 'Failed to update recurring transfer'

type Variables = { id: string; body: UpdateRecurringTransferRequest }

/** PUT /recurring-transfers/{id}: edits a recurring transfer from its next due day on. */
export function updateRecurringTransfer({ id, body }: Variables): Promise<RecurringResponse> {
  return client.PUT('/api/recurring-transfers/{id}', {
    params: { path: { id } },
    body,
  })
}

export function useUpdateRecurringTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRecurringTransfer,
    onSuccess: () => invalidateRecurring(queryClient),
  })
}
