import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { TransactionRequest } from '@/lib/api/types'
import { invalidateAfterChange } from './invalidate'

export const CREATE_TRANSACTION_FALLBACK_ERROR = 'Failed to create transaction'

/** POST /transactions (201). */
export async function createTransaction(body: TransactionRequest) {
  const res = await client.POST('/api/transactions', { body })
  return res.data
}

export function useCreateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => invalidateAfterChange(queryClient),
  })
}
