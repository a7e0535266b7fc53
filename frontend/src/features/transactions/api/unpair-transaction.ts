import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { invalidateAfterPairing } from './pair-transactions'

export const UNPAIR_FALLBACK_ERROR = 'Failed to undo the transfer'
export const UNPAIR_SUCCESS = 'No longer a transfer'

/**
 * DELETE /transactions/{id}/pair (either row's id): the two rows are ordinary again, with their
 * categories, and are not suggested again. A transfer entered as one is refused (delete it instead).
 */
export async function unpairTransaction(id: string) {
  return client.DELETE('/api/transactions/{id}/pair', { params: { path: { id } } })
}

export function useUnpairTransaction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unpairTransaction,
    onSuccess: (res, id) => invalidateAfterPairing(queryClient, [id, ...res.data.map((row) => row._id)]),
  })
}
