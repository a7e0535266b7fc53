import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { BANK_CALL_TIMEOUT_MS } from '../lib/link-flow'
import { invalidateAfterImport } from './invalidate'
import type { SyncResponse } from './types'

export const SYNC_FALLBACK_ERROR = 'Bank connection failed. Please try again.'

/**
 * POST /plaid/item/{id}/sync: brings one connection up to date (60 s timeout). 409 when the bank
 * needs the user to sign in again (the server marks the connection), 502 when the provider fails.
 */
export function syncItem(itemId: string): Promise<SyncResponse> {
  return client.POST('/api/plaid/item/{id}/sync', {
    params: { path: { id: itemId } },
    timeoutMs: BANK_CALL_TIMEOUT_MS,
  })
}

/** Refreshes after a failure too: a 409 has just marked the connection as needing attention. */
export function useSyncItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: syncItem, onSettled: () => invalidateAfterImport(queryClient) })
}
