import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { inventoryKeys } from './keys'
import type { InventoryItem } from './types'
import { isNetworkFailure, readCopy } from '@/lib/offline/stored-copy'
import { applyToItem } from '../lib/offline-changes'
import { INVENTORY_COPY, pendingChanges } from './offline-sync'

export const ITEM_NOT_FOUND = 'Inventory item not found'
export const ITEM_LOAD_FALLBACK_ERROR = 'Failed to load inventory item details'

/** GET /inventory-items/{id}. */
async function fetchItem(id: string): Promise<InventoryItem> {
  const res = await client.GET('/api/inventory-items/{id}', { params: { path: { id } } })
  return res.data
}

/** The item, or without a connection its row in the inventory stored on the device; waiting changes laid over. */
export async function getItem(id: string): Promise<InventoryItem> {
  let item: InventoryItem
  try {
    item = await fetchItem(id)
  } catch (error) {
    const stored = isNetworkFailure(error) ? (await readCopy<InventoryItem[]>(INVENTORY_COPY))?.data.find((i) => i._id === id) : undefined
    if (!stored) throw error
    item = stored
  }
  return applyToItem(item, await pendingChanges())
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: inventoryKeys.detail(id), queryFn: () => getItem(id), networkMode: 'offlineFirst' })
}

export function useInventoryItem(id: string) {
  return useQuery(itemQueryOptions(id))
}
