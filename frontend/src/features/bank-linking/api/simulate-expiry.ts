import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { BANK_CALL_TIMEOUT_MS } from '../lib/link-flow'
import { invalidateBankItems } from './invalidate'
import type { BankConnectionResponse } from './types'

export const SIMULATE_EXPIRY_FALLBACK_ERROR = 'Failed to simulate an expired connection'

/**
 * POST /plaid/item/{id}/simulate-expiry (the demo bank only): the connection needs signing in
 * again. The server runs the sync that finds out, so it gets the sync's 60 s.
 */
export function simulateExpiry(itemId: string): Promise<BankConnectionResponse> {
  return client.POST('/api/plaid/item/{id}/simulate-expiry', {
    params: { path: { id: itemId } },
    timeoutMs: BANK_CALL_TIMEOUT_MS,
  })
}

export function useSimulateExpiry() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: simulateExpiry, onSuccess: () => invalidateBankItems(queryClient) })
}
