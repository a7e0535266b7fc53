import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateShoppingList } from './shopping-keys'
import type { MessageResponse } from './types'

export const DELETE_ENTRY_FALLBACK_ERROR = 'Failed to remove item from shopping list'
export const DELETE_ENTRY_SUCCESS = 'Item removed from shopping list'

/** DELETE /shopping-list/{id}: the entry only; the inventory item stays. */
export function deleteListEntry(id: string): Promise<MessageResponse> {
  return client.DELETE('/api/shopping-list/{id}', { params: { path: { id } } })
}

export function useDeleteListEntry() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteListEntry, onSuccess: () => invalidateShoppingList(queryClient) })
}
