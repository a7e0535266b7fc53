import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { MessageResponse, Transaction } from '@/lib/api/types'
import { transactionKeys } from '@/lib/ledger/keys'
import { invalidateAfterChange } from './invalidate'

export const DELETE_TRANSACTION_FALLBACK_ERROR = 'Failed to delete transaction'
export const DELETE_TRANSFER_FALLBACK_ERROR = 'Failed to delete transfer'

/**
 * DELETE /transactions/{id}, or DELETE /transfers/{id} for a transfer leg;
 * either way both legs of a transfer go.
 */
export function deleteTransaction(
  transaction: Pick<Transaction, '_id' | 'isTransfer'>,
): Promise<MessageResponse> {
  const params = { path: { id: transaction._id } }
  return transaction.isTransfer
    ? client.DELETE('/api/transfers/{id}', { params })
    : client.DELETE('/api/transactions/{id}', { params })
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTransaction,
    onSuccess: (_data, transaction) => {
      queryClient.removeQueries({ queryKey: transactionKeys.detail(transaction._id), type: 'inactive' })
      return invalidateAfterChange(queryClient)
    },
  })
}
