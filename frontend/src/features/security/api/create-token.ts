import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { CreateTokenRequest, CreateTokenResponse } from './types'

export const CREATE_TOKEN_FALLBACK_ERROR = 'Failed to create the token'

/**
 * POST /tokens: a new token, whose secret is in this answer only. Sent without an Idempotency-Key:
 * the server never keeps an answer that carries a secret, so a retry would make a second token.
 */
export function createToken(body: CreateTokenRequest): Promise<CreateTokenResponse> {
  return client.POST('/api/tokens', { body })
}

export function useCreateToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createToken,
    // The answer holds the secret: forgotten as soon as the dialog that shows it closes.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.tokens() }),
  })
}
