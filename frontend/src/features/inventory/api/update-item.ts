import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateInventory } from './invalidate'
import type { InventoryItemBody, InventoryItemResponse } from './types'

export const UPDATE_ITEM_FALLBACK_ERROR = 'Failed to update inventory item'
export const UPDATE_ITEM_SUCCESS = 'Inventory item updated successfully'

type Variables = { id: string; body: InventoryItemBody }

/** PUT /inventory-items/{id}: every field of the form, the image path included. */
export function updateItem({ id, body }: Variables): Promise<InventoryItemResponse> {
  return client.PUT('/api/inventory-items/{id}', { params: { path: { id } }, body })
}

export function useUpdateItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateItem, onSuccess: () => invalidateInventory(queryClient) })
}
