import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, client } from '@/lib/api/client'
import type { TransferRequest } from '@/lib/api/types'
import { invalidateAfterChange } from './invalidate'

export const CREATE_TRANSFER_FALLBACK_ERROR = 'Failed to create transfer'

/**
 * POST /transfers (201): both legs at once; `idempotencyKey` makes a retried send write once. An answer that says
 * `success: false` is raised with its message.
 */
export async function createTransfer({ body, idempotencyKey }: { body: TransferRequest; idempotencyKey?: string }) {
  const res = await client.POST('/api/transfers', { body, idempotencyKey })
  if (!res.success) throw new ApiError(200, res.message || undefined, CREATE_TRANSFER_FALLBACK_ERROR)
  return res.data
}

export function useCreateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => invalidateAfterChange(queryClient),
  })
}
