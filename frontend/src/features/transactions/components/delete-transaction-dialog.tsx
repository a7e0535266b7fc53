import { Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import type { Transaction } from '@/lib/api/types'
import { formatDate } from '@/lib/format'
import {
  DELETE_TRANSACTION_FALLBACK_ERROR,
  DELETE_TRANSFER_FALLBACK_ERROR,
  useDeleteTransaction,
} from '../api/delete-transaction'
import { detailAmount, transferRoute } from '../lib/detail'

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
      <Stack gap="3">
        <Text>{DELETE_TRANSACTION_TEXT}</Text>
        {shown ? <Deleting transaction={shown} /> : null}
      </Stack>
    </ConfirmDialog>
  )
}

/** Which row goes: its description, date and amount (and a transfer's two accounts). */
function Deleting({ transaction: t }: { transaction: Transaction }) {
  return (
    <Stack gap="0.5" borderWidth="1px" borderRadius="md" px="3" py="2" bg="bg.subtle" data-testid="deleting">
      <Text fontWeight="semibold" lineClamp={2}>
        {t.description}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {formatDate(t.date)} · {t.isTransfer ? transferRoute(t) : t.accountId.name} · {detailAmount(t)}
      </Text>
    </Stack>
  )
}
