import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { EndSessionResponse } from './types'

export const END_SESSION_FALLBACK_ERROR = 'Failed to sign out that device'

/** DELETE /auth/sessions/{id}: signs one device out; its token then gets 401. */
export function endSession(id: string): Promise<EndSessionResponse> {
  return client.DELETE('/api/auth/sessions/{id}', { params: { path: { id } } })
}

export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  })
}
