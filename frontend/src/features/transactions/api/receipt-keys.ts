import type { QueryClient } from '@tanstack/react-query'
import { transactionKeys } from '@/lib/ledger/keys'

/** Query keys of a transaction's receipts (their signed addresses expire: see get-receipts). */
export const receiptKeys = {
  all: ['receipts'] as const,
  list: (transactionId: string) => [...receiptKeys.all, 'list', transactionId] as const,
}

/** After a receipt is attached or deleted: its list, and the transaction's receipt count (the list's paperclip). */
export function invalidateAfterReceiptChange(queryClient: QueryClient, transactionId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: receiptKeys.list(transactionId) }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.detail(transactionId) }),
  ])
}
