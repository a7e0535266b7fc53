import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { shoppingKeys } from './shopping-keys'
import type { ShoppingEntry } from './types'

export const SHOPPING_LIST_FALLBACK_ERROR = 'Failed to fetch shopping list'

/** GET /shopping-list: the entries by category, then name. */
export async function getShoppingList(): Promise<ShoppingEntry[]> {
  const res = await client.GET('/api/shopping-list')
  return res.data
}

export function shoppingListQueryOptions() {
  return queryOptions({ queryKey: shoppingKeys.list(), queryFn: getShoppingList })
}

export function useShoppingList() {
  return useQuery(shoppingListQueryOptions())
}
