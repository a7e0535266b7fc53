import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateInventory } from './invalidate'
import type { MessageResponse } from './types'

export const DELETE_ITEM_FALLBACK_ERROR = 'Failed to delete inventory item'
export const DELETE_ITEM_SUCCESS = 'Inventory item deleted successfully'

/** DELETE /inventory-items/{id}. */
export function deleteItem(id: string): Promise<MessageResponse> {
  return client.DELETE('/api/inventory-items/{id}', { params: { path: { id } } })
}

/** Refreshes everything but the deleted item's own detail (its page is about to leave). */
export function useDeleteItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_res, id) => invalidateInventory(queryClient, id),
  })
}
