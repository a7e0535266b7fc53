import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Transaction, TransactionRequest } from '@/lib/api/types'
import { transactionKeys } from '@/lib/ledger/keys'
import { invalidateAfterChange } from './invalidate'

export const UPDATE_TRANSACTION_FALLBACK_ERROR = 'Failed to update transaction'

type UpdateTransactionVariables = { id: string; body: TransactionRequest }

/** PUT /transactions/{id}; a transfer leg is refused ('Transfers cannot be edited'). */
export async function updateTransaction({ id, body }: UpdateTransactionVariables) {
  const res = await client.PUT('/api/transactions/{id}', { params: { path: { id } }, body })
  return res.data
}

export function useUpdateTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTransaction,
    onSuccess: (data) => {
      queryClient.setQueryData<Transaction>(transactionKeys.detail(data._id), data)
      return invalidateAfterChange(queryClient)
    },
  })
}
