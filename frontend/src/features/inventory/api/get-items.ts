import { client } from '@/lib/api/client'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { inventoryKeys } from './keys'
import type { InventoryItem } from './types'
import { fetchWithStoredCopy } from '@/lib/offline/stored-copy'
import { applyToItems, matchesSearch } from '../lib/offline-changes'
import { INVENTORY_COPY, pendingChanges } from './offline-sync'

export const ITEMS_FALLBACK_ERROR = 'Failed to fetch inventory items'

/** GET /inventory-items?search=: sorted by name; the search matches name, brand or store. */
async function fetchItems(term: string): Promise<InventoryItem[]> {
  const res = await client.GET('/api/inventory-items', {
    params: { query: term ? { search: term } : {} },
  })
  return res.data
}

/**
 * The items, live or (without a connection) from the whole list stored on the device, searched
 * here as the server would; the changes still waiting to be sent are laid over them.
 */
export async function getItems(search: string): Promise<InventoryItem[]> {
  const term = search.trim()
  const items = await fetchWithStoredCopy(INVENTORY_COPY, () => fetchItems(term), {
    save: term === '',
    fromCopy: (all) => all.filter((item) => matchesSearch(item, term)),
  })
  return applyToItems(items, await pendingChanges())
}

export function itemsQueryOptions(search: string) {
  const term = search.trim()
  return queryOptions({ queryKey: inventoryKeys.list(term), queryFn: () => getItems(term), networkMode: 'offlineFirst' })
}

/** The previous answer stays on screen while a new search runs. */
export function useInventoryItems(search: string) {
  return useQuery({ ...itemsQueryOptions(search), placeholderData: keepPreviousData })
}
