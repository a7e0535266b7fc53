import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { EnableBankingAuthBody, EnableBankingAuthResponse } from './types'

export const ENABLE_BANKING_AUTH_FALLBACK_ERROR = 'Failed to initialise bank connection'

type Variables = { body: EnableBankingAuthBody; idempotencyKey: string }

/**
 * POST /enablebanking/auth: starts a consent at a bank (`{aspspName, country}`) or renews a
 * connection's (`{itemId}`), and answers the address the browser goes to. Nothing is stored until
 * the bank sends the browser back, so there is nothing to refresh here. 403 without bank access,
 * 400 without a bank, 404 for a connection that is not the user's, 502 when the provider fails.
 */
export function startEnableBankingAuth({ body, idempotencyKey }: Variables): Promise<EnableBankingAuthResponse> {
  return client.POST('/api/enablebanking/auth', { body, idempotencyKey })
}

export function useStartEnableBankingAuth() {
  return useMutation({ mutationFn: startEnableBankingAuth })
}
