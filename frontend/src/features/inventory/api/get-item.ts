import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { inventoryKeys } from './keys'
import type { InventoryItem } from './types'

export const ITEM_NOT_FOUND = 'Inventory item not found'
export const ITEM_LOAD_FALLBACK_ERROR = 'Failed to load inventory item details'

/** GET /inventory-items/{id}. */
export async function getItem(id: string): Promise<InventoryItem> {
  const res = await client.GET('/api/inventory-items/{id}', { params: { path: { id } } })
  return res.data
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: inventoryKeys.detail(id), queryFn: () => getItem(id) })
}

export function useInventoryItem(id: string) {
  return useQuery(itemQueryOptions(id))
}
