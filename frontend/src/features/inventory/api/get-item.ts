import { queryOptions, useQuery } from '@tanstack/react-query'
import { inventoryKeys } from './keys'
import { inventoryCall, itemPath } from './request'
import type { InventoryItem, InventoryItemResponse } from './types'

export const ITEM_NOT_FOUND = 'Inventory item not found'
export const ITEM_LOAD_FALLBACK_ERROR = 'Failed to load inventory item details'

/** GET /inventory-items/{id}. */
export async function getItem(id: string): Promise<InventoryItem> {
  const res = await inventoryCall<InventoryItemResponse>('GET', itemPath(id))
  return res.data
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: inventoryKeys.detail(id), queryFn: () => getItem(id) })
}

export function useInventoryItem(id: string) {
  return useQuery(itemQueryOptions(id))
}
