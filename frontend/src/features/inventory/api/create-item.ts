import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateInventory } from './invalidate'
import type { InventoryItemBody, InventoryItemResponse } from './types'

export const CREATE_ITEM_FALLBACK_ERROR = 'Failed to create inventory item'
export const CREATE_ITEM_SUCCESS = 'Inventory item created successfully'

type Variables = { body: InventoryItemBody; idempotencyKey?: string }

/** POST /inventory-items: 201 with the new item. */
export function createItem({ body, idempotencyKey }: Variables): Promise<InventoryItemResponse> {
  return client.POST('/api/inventory-items', { body, idempotencyKey })
}

export function useCreateItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createItem, onSuccess: () => invalidateInventory(queryClient) })
}
