import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { MessageResponse } from '@/lib/api/types'
import { invalidateAfterReceiptChange } from './receipt-keys'

export const DELETE_RECEIPT_FALLBACK_ERROR = 'Failed to delete the receipt'

export type DeleteReceiptInput = { transactionId: string; receiptId: string }

/** DELETE /receipts/{id}: the receipt and its stored files. */
export function deleteReceipt({ receiptId }: DeleteReceiptInput): Promise<MessageResponse> {
  return client.DELETE('/api/receipts/{id}', { params: { path: { id: receiptId } } })
}

export function useDeleteReceipt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteReceipt,
    onSuccess: (_data, { transactionId }) => invalidateAfterReceiptChange(queryClient, transactionId),
  })
}
