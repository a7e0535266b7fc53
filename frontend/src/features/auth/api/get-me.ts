import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError, client } from '@/lib/api/client'
import type { User } from '@/lib/api/types'
import { getToken } from '@/lib/auth-storage'
import { forgetUser, lastKnownUser, rememberUser } from '@/lib/offline/last-user'
import { isNetworkFailure } from '@/lib/offline/stored-copy'
import { authKeys } from './keys'

/**
 * GET /auth/me. Its 401 does not trigger the global redirect: at start-up a
 * stale token just ends the session, and the visitor stays on a
 * public page such as /reset-password/{token}.
 *
 * With no answer at all (a phone without signal opening the app) it trusts the
 * last user the server confirmed for this token, kept on the device; any answer
 * of the server (a 401 above all) still counts.
 */
export async function getMe(): Promise<User> {
  try {
    const res = await client.GET('/api/auth/me', { redirectOnUnauthorized: false })
    rememberUser(res.user)
    return res.user
  } catch (error) {
    const known = isNetworkFailure(error) ? lastKnownUser() : null
    if (known) return known
    if (error instanceof ApiError && error.status === 401) forgetUser()
    throw error
  }
}

/** The signed-in user; `null` once signed out. */
export function meQueryOptions() {
  return queryOptions<User | null>({
    queryKey: authKeys.me(),
    queryFn: getMe,
    staleTime: Infinity,
    retry: false,
    // Tried even when the browser says offline, so the device's user is used instead of waiting.
    networkMode: 'offlineFirst',
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
