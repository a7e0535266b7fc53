import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { Session } from './types'

export const SESSIONS_FALLBACK_ERROR = 'Failed to load signed-in devices'

/** GET /auth/sessions: this user's signed-in devices, most recently seen first. */
export async function getSessions(): Promise<Session[]> {
  const res = await client.GET('/api/auth/sessions')
  return res.data
}

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.sessions(),
    queryFn: getSessions,
    // Other devices sign in and out meanwhile: read again on every visit.
    staleTime: 0,
  })
}

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}
