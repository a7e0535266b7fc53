import { client } from '@/lib/api/client'
import type { SetEntryBody, ShoppingEntryResponse } from './types'

export const UPDATE_ENTRY_FALLBACK_ERROR = 'Failed to update shopping list item'

/**
 * PUT /shopping-list/{id}: the quantity to buy (whole, at least 1). Sent by the offline queue
 * (offline-sync.ts) with the key the change was made with.
 */
export function updateListEntry(id: string, body: SetEntryBody, idempotencyKey: string): Promise<ShoppingEntryResponse> {
  return client.PUT('/api/shopping-list/{id}', { params: { path: { id } }, body, idempotencyKey })
}
