import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { EndOtherSessionsResponse } from './types'

export const END_OTHER_SESSIONS_FALLBACK_ERROR = 'Failed to sign out the other devices'

/** POST /auth/sessions/revoke-others: signs every other device out, keeping this one. */
export function endOtherSessions(): Promise<EndOtherSessionsResponse> {
  return client.POST('/api/auth/sessions/revoke-others')
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  })
}
