import { client } from '@/lib/api/client'
import type { MessageResponse } from './types'

export const DELETE_ENTRY_FALLBACK_ERROR = 'Failed to remove item from shopping list'
export const DELETE_ENTRY_SUCCESS = 'Item removed from shopping list'

/**
 * DELETE /shopping-list/{id}: the entry only; the inventory item stays. Sent by the offline queue
 * (offline-sync.ts) with the key the change was made with.
 */
export function deleteListEntry(id: string, idempotencyKey: string): Promise<MessageResponse> {
  return client.DELETE('/api/shopping-list/{id}', { params: { path: { id } }, idempotencyKey })
}
