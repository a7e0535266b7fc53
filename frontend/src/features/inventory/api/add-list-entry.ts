import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateShoppingList } from './shopping-keys'
import type { AddEntryBody, ShoppingEntryResponse } from './types'

export const ADD_ENTRY_FALLBACK_ERROR = 'Failed to add item to shopping list'
export const ADD_ENTRY_SUCCESS = 'Item added to shopping list'

/** POST /shopping-list: adds the item, or raises the quantity of its existing entry. */
export function addListEntry(body: AddEntryBody): Promise<ShoppingEntryResponse> {
  return client.POST('/api/shopping-list', { body })
}

export function useAddListEntry() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addListEntry, onSuccess: () => invalidateShoppingList(queryClient) })
}
