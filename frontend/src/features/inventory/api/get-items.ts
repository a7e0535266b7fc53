import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { inventoryKeys } from './keys'
import { inventoryCall } from './request'
import type { InventoryItem, InventoryListResponse } from './types'

export const ITEMS_FALLBACK_ERROR = 'Failed to fetch inventory items'

/** GET /inventory-items?search=: sorted by name; the search matches name, brand or store. */
export async function getItems(search: string): Promise<InventoryItem[]> {
  const term = search.trim()
  const res = await inventoryCall<InventoryListResponse>('GET', '/inventory-items', {
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
