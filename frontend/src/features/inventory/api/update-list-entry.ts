import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateShoppingList } from './shopping-keys'
import type { SetEntryBody, ShoppingEntryResponse } from './types'

export const UPDATE_ENTRY_FALLBACK_ERROR = 'Failed to update shopping list item'

type Variables = { id: string; body: SetEntryBody }

/** PUT /shopping-list/{id}: the quantity to buy (whole, at least 1). */
export function updateListEntry({ id, body }: Variables): Promise<ShoppingEntryResponse> {
  return client.PUT('/api/shopping-list/{id}', { params: { path: { id } }, body })
}

export function useUpdateListEntry() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateListEntry, onSuccess: () => invalidateShoppingList(queryClient) })
}
