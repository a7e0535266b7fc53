import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { invalidateBankItems } from './invalidate'
import type { MessageResponse } from './types'

export const DISCONNECT_FALLBACK_ERROR = 'Failed to disconnect bank'
export const DISCONNECT_SUCCESS = 'Bank disconnected'

/** DELETE /plaid/item/{id}: the accounts and their history stay as ordinary accounts. */
export function disconnectItem(itemId: string): Promise<MessageResponse> {
  return client.DELETE('/api/plaid/item/{id}', { params: { path: { id: itemId } } })
}

export function useDisconnectItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: disconnectItem, onSuccess: () => invalidateBankItems(queryClient) })
}
