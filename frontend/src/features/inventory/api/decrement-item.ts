import { client } from '@/lib/api/client'
import type { InventoryItemResponse } from './types'

export const DECREMENT_FALLBACK_ERROR = 'Failed to decrement stock'

/**
 * PATCH /inventory-items/{id}/decrement: one fewer in stock (409 'Stock is already zero' at 0).
 * Sent by the offline queue (offline-sync.ts) with the key the change was made with.
 */
export function decrementItem(id: string, idempotencyKey: string): Promise<InventoryItemResponse> {
  return client.PATCH('/api/inventory-items/{id}/decrement', { params: { path: { id } }, idempotencyKey })
}
