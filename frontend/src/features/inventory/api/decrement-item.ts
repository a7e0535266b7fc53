import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateInventory } from './invalidate'
import type { InventoryItemResponse } from './types'

export const DECREMENT_FALLBACK_ERROR = 'Failed to decrement stock'

/** PATCH /inventory-items/{id}/decrement: one fewer in stock (409 'Stock is already zero' at 0). */
export function decrementItem(id: string): Promise<InventoryItemResponse> {
  return client.PATCH('/api/inventory-items/{id}/decrement', { params: { path: { id } } })
}

/** One per row, so each row's button knows whether its own request runs. */
export function useDecrementItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: decrementItem, onSuccess: () => invalidateInventory(queryClient) })
}
