import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import type { Transaction } from '@/lib/api/types'
import {
  DELETE_TRANSACTION_FALLBACK_ERROR,
  DELETE_TRANSFER_FALLBACK_ERROR,
  useDeleteTransaction,
} from '../api/delete-transaction'

export const DELETE_TRANSACTION_TEXT =
  'Are you sure you want to delete this transaction? This action cannot be undone.'

type DeleteTransactionDialogProps = {
  /** Open while a transaction is given. */
  transaction: Transaction | null
  onClose: () => void
  onDeleted?: (transaction: Transaction) => void
}

/** 'Delete Transaction' or 'Delete Transfer'; deleting a transfer leg deletes both legs. */
export function DeleteTransactionDialog({ transaction, onClose, onDeleted }: DeleteTransactionDialogProps) {
  const mutation = useDeleteTransaction()
  // The last one shown stays while the dialog animates out, so its title does not flip.
  const [shown, setShown] = useState(transaction)
  if (transaction && transaction !== shown) setShown(transaction)
  const isTransfer = (transaction ?? shown)?.isTransfer ?? false
  return (
    <ConfirmDialog
      open={transaction !== null}
      title={isTransfer ? 'Delete Transfer' : 'Delete Transaction'}
      pending={mutation.isPending}
      error={
        mutation.isError
          ? getErrorMessage(
              mutation.error,
              isTransfer ? DELETE_TRANSFER_FALLBACK_ERROR : DELETE_TRANSACTION_FALLBACK_ERROR,
            )
          : null
      }
      onDismissError={() => mutation.reset()}
      onConfirm={() => {
        if (!transaction) return
        mutation.mutate(transaction, {
          onSuccess: () => {
            notifySuccess(
              transaction.isTransfer ? 'Transfer deleted successfully' : 'Transaction deleted successfully',
            )
            onDeleted?.(transaction)
            onClose()
          },
        })
      }}
      onClose={() => {
        mutation.reset()
        onClose()
      }}
    >
      {DELETE_TRANSACTION_TEXT}
    </ConfirmDialog>
  )
}
