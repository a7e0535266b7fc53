import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import { recurringCall } from './request'
import type { CreateRecurringTransactionRequest, RecurringResponse } from './types'

export const CREATE_RECURRING_FALLBACK_ERROR = 'Failed to create recurring transaction'

/** POST /recurring-transactions: a recurring income or expense, first due on its start date. */
export function createRecurring(body: CreateRecurringTransactionRequest): Promise<RecurringResponse> {
  return recurringCall<RecurringResponse>('POST', '/recurring-transactions', { body })
}

export function useCreateRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRecurring,
    onSuccess: () => invalidateRecurring(queryClient),
  })
}
