import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { RevokeTokenResponse } from './types'

export const REVOKE_TOKEN_FALLBACK_ERROR = 'Failed to revoke the token'

/** DELETE /tokens/{id}: the token answers 401 from then on. */
export function revokeToken(id: string): Promise<RevokeTokenResponse> {
  return client.DELETE('/api/tokens/{id}', { params: { path: { id } } })
}

export function useRevokeToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.tokens() }),
  })
}
