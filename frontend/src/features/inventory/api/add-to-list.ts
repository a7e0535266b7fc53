import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateInventory } from './invalidate'
import type { AddEntryBody, ShoppingEntryResponse } from './types'

export const ADD_TO_LIST_FALLBACK_ERROR = 'Failed to add item to shopping list'
export const ADD_TO_LIST_SUCCESS = 'Added to shopping list'

type Variables = { inventoryItemId: string; quantityToBuy: number }

/** POST /shopping-list: adds the item, or raises the quantity of its entry; flagged as added by hand. */
export function addToList({ inventoryItemId, quantityToBuy }: Variables): Promise<ShoppingEntryResponse> {
  const body: AddEntryBody = { inventoryItemId, quantityToBuy, addedManually: true }
  return client.POST('/api/shopping-list', { body })
}

export function useAddToList() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addToList, onSuccess: () => invalidateInventory(queryClient) })
}
