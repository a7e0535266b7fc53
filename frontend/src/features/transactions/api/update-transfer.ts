import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, client } from '@/lib/api/client'
import type { TransferRequest } from '@/lib/api/types'
import { invalidateAfterChange } from './invalidate'

export const UPDATE_TRANSFER_FALLBACK_ERROR = 'Failed to update transfer'

/**
 * PUT /transfers/{id} (either leg's id): both legs at once. An answer that says
 * `success: false` is raised with its message.
 */
export async function updateTransfer({ id, body }: { id: string; body: TransferRequest }) {
  const res = await client.PUT('/api/transfers/{id}', { params: { path: { id } }, body })
  if (!res.success) throw new ApiError(200, res.message || undefined, UPDATE_TRANSFER_FALLBACK_ERROR)
  return res.data
}

export function useUpdateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTransfer,
    onSuccess: () => invalidateAfterChange(queryClient),
  })
}
