import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'

/** What the tile reads of an inventory item (GET /inventory-items, not in the schema yet). */
type StockItem = { _id: string; stockStatus: string }
type InventoryListResponse = { success: boolean; data: StockItem[] }
type UntypedGet = (url: string) => Promise<InventoryListResponse>

/** Items whose stock is red (none left) or amber (short of the need). */
export function countRunningLow(items: readonly StockItem[]): number {
  return items.filter((i) => i.stockStatus === 'red' || i.stockStatus === 'amber').length
}

/** GET /inventory-items, counted. To be a typed call once the schema has the path. */
export async function getRunningLow(): Promise<number> {
  const get = client.GET as unknown as UntypedGet
  const res = await get('/api/inventory-items')
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
