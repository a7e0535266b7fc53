import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
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

/**
 * Re-reads the signed-in user when the calling screen opens, so a permission a
 * superadmin changed meanwhile (bank access) shows without signing out. A
 * failure leaves the cached user as it is: the session check is start-up's
 * job, and a disabled account is redirected by the api client anyway.
 */
export function useRefreshUser() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const token = getToken()
    if (token === null) return
    getMe().then(
      (user) => {
        // Not into another session (signed out, or in as someone else, meanwhile).
        if (getToken() === token) queryClient.setQueryData<User | null>(authKeys.me(), user)
      },
      () => {},
    )
  }, [queryClient])
}
