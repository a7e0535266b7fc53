import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { paths } from '@/lib/api/schema'
import { invalidateAfterReceiptChange } from './receipt-keys'
import type { Receipt } from './get-receipts'

export const ATTACH_RECEIPT_FALLBACK_ERROR = 'Failed to attach the receipt'
/** A phone photo over a slow connection takes longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 60_000

const ATTACH_PATH = '/api/transactions/{id}/receipts' satisfies keyof paths
type AttachOperation = paths[typeof ATTACH_PATH]['post']
/** The field the multipart form carries the file in. */
const FILE_FIELD = 'file' satisfies keyof AttachOperation['requestBody']['content']['multipart/form-data']

export type AttachReceiptInput = { transactionId: string; file: File; idempotencyKey: string }

/** POST /transactions/{id}/receipts (multipart, field `file`): the stored receipt. */
export async function attachReceipt({ transactionId, file, idempotencyKey }: AttachReceiptInput): Promise<Receipt> {
  const form = new FormData()
  form.append(FILE_FIELD, file, file.name || 'receipt')
  const res = await client.POST(ATTACH_PATH, {
    params: { path: { id: transactionId } },
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    idempotencyKey,
  })
  return res.data
}

/** Attaching changes the receipts and the transaction's receipt count (the list's paperclip). */
export function useAttachReceipt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: attachReceipt,
    onSuccess: (_data, { transactionId }) => invalidateAfterReceiptChange(queryClient, transactionId),
  })
}
