import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

/**
 * What the tile reads of an inventory item (GET /inventory-items). The inventory feature has the
 * same call; features do not import each other, so it is repeated here.
 */
type StockItem = Pick<components['schemas']['InventoryItemDto'], '_id' | 'stockStatus'>

/** Items whose stock is red (none left) or amber (short of the need). */
export function countRunningLow(items: readonly StockItem[]): number {
  return items.filter((i) => i.stockStatus === 'red' || i.stockStatus === 'amber').length
}

/** GET /inventory-items, counted. */
export async function getRunningLow(): Promise<number> {
  const res = await client.GET('/api/inventory-items')
  return countRunningLow(res.data)
}

/**
 * Under the inventory screens' root key, so their writes (and a completed shopping trip, which
 * invalidates ['inventory']) refresh the count.
 */
export const RUNNING_LOW_KEY = ['inventory', 'running-low'] as const

export function runningLowQueryOptions() {
  return queryOptions({ queryKey: RUNNING_LOW_KEY, queryFn: getRunningLow })
}

export function useRunningLow() {
  return useQuery(runningLowQueryOptions())
}
