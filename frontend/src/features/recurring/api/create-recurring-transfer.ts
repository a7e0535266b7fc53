import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import type { CreateRecurringTransferRequest, RecurringResponse } from './types'

export const CREATE_RECURRING_TRANSFER_FALLBACK_ERROR = 'Failed to create recurring transfer'

/** POST /recurring-transfers: a transfer between two accounts, first due on its start date. */
export function createRecurringTransfer(body: CreateRecurringTransferRequest): Promise<RecurringResponse> {
  return client.POST('/api/recurring-transfers', { body })
}

export function useCreateRecurringTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRecurringTransfer,
    onSuccess: () => invalidateRecurring(queryClient),
  })
}
