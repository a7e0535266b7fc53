import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import type { CreateRecurringTransactionRequest, RecurringResponse } from './types'

export const CREATE_RECURRING_FALLBACK_ERROR = 'Failed to create recurring transaction'

/** POST /recurring-transactions: a recurring income or expense, first due on its start date. */
export function createRecurring(body: CreateRecurringTransactionRequest): Promise<RecurringResponse> {
  return client.POST('/api/recurring-transactions', { body })
}

export function useCreateRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRecurring,
    onSuccess: () => invalidateRecurring(queryClient),
  })
}
