import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { User } from '@/lib/api/types'
import { getToken } from '@/lib/auth-storage'
import { authKeys } from './keys'

/**
 * GET /auth/me. Its 401 does not trigger the global redirect: at start-up a
 * stale token just ends the session, and the visitor stays on a
 * public page such as /reset-password/{token}.
 */
export async function getMe(): Promise<User> {
  const res = await client.GET('/api/auth/me', { redirectOnUnauthorized: false })
  return res.user
}

/** The signed-in user; `null` once signed out. */
export function meQueryOptions() {
  return queryOptions<User | null>({
    queryKey: authKeys.me(),
    queryFn: getMe,
    staleTime: Infinity,
    retry: false,
  })
}

/** The current user: undefined while unknown, null when signed out. */
export function useUser() {
  return useQuery({ ...meQueryOptions(), enabled: getToken() !== null })
}
