import { client } from '@/lib/api/client'
import type { ShoppingEntryResponse, TickBody } from './types'

export const TICK_ENTRY_FALLBACK_ERROR = 'Failed to update shopping list item'

/**
 * PUT /shopping-list/{id}/tick: ticks the entry for the trip (as the signed-in member's) or
 * unticks it, for the whole household. The same again changes nothing, and the key makes a
 * retry one write. Sent by the offline queue (offline-sync.ts) with the key the tick was made with.
 */
export function tickListEntry(id: string, body: TickBody, idempotencyKey: string): Promise<ShoppingEntryResponse> {
  return client.PUT('/api/shopping-list/{id}/tick', { params: { path: { id } }, body, idempotencyKey })
}
