import { client } from '@/lib/api/client'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { inventoryKeys } from './keys'
import type { InventoryItem } from './types'

export const ITEMS_FALLBACK_ERROR = 'Failed to fetch inventory items'

/** GET /inventory-items?search=: sorted by name; the search matches name, brand or store. */
export async function getItems(search: string): Promise<InventoryItem[]> {
  const term = search.trim()
  const res = await client.GET('/api/inventory-items', {
    params: { query: term ? { search: term } : {} },
  })
  return res.data
}

export function itemsQueryOptions(search: string) {
  const term = search.trim()
  return queryOptions({ queryKey: inventoryKeys.list(term), queryFn: () => getItems(term) })
}

/** The previous answer stays on screen while a new search runs. */
export function useInventoryItems(search: string) {
  return useQuery({ ...itemsQueryOptions(search), placeholderData: keepPreviousData })
}
