import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { TransactionRequest } from '@/lib/api/types'
import { invalidateAfterChange } from './invalidate'

export const CREATE_TRANSACTION_FALLBACK_ERROR = 'Failed to create transaction'

/** POST /transactions (201); `idempotencyKey` makes a retried send write once. */
export async function createTransaction({ body, idempotencyKey }: { body: TransactionRequest; idempotencyKey?: string }) {
  const res = await client.POST('/api/transactions', { body, idempotencyKey })
  return res.data
}

export function useCreateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => invalidateAfterChange(queryClient),
  })
}
