import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { BANK_CALL_TIMEOUT_MS } from '../lib/link-flow'
import { invalidateAfterImport } from './invalidate'
import type { ExchangeResponse, Institution } from './types'

type Variables = { publicToken: string; institution: Institution | null; idempotencyKey?: string }

/**
 * POST /plaid/item/public_token/exchange: stores the connection with its accounts and history
 * all at once, which can take up to a minute (60 s timeout).
 */
export function exchangePublicToken({ publicToken, institution, idempotencyKey }: Variables): Promise<ExchangeResponse> {
  return client.POST('/api/plaid/item/public_token/exchange', {
    body: { public_token: publicToken, metadata: { institution, accounts: [] } },
    timeoutMs: BANK_CALL_TIMEOUT_MS,
    idempotencyKey,
  })
}

export function useExchangePublicToken() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: exchangePublicToken, onSuccess: () => invalidateAfterImport(queryClient) })
}
