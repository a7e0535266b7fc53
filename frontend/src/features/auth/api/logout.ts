import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { paths } from '@/lib/api/schema'
import { getToken } from '@/lib/auth-storage'
import { forgetUser } from '@/lib/offline/last-user'
import { clearOfflineData } from '@/lib/offline/db'
import { endSession } from '../lib/session'

const LOGOUT_PATH = '/api/auth/logout' satisfies keyof paths

/**
 * POST /auth/logout with `token`, without waiting: the server ends that session, so the token
 * stops working even if a copy of it was kept. `keepalive` lets the request outlive the page
 * being left, and a failure (offline, a token already ended) is ignored: leaving never waits on
 * it. A plain fetch rather than the API client, which would read the token only after the caller
 * has forgotten it, and send a 401 through the app's "session expired" handling.
 */
function endServerSession(token: string): void {
  globalThis
    .fetch(`${window.location.origin}${LOGOUT_PATH}`, {
      method: 'POST',
      keepalive: true,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    })
    .catch(() => {})
}

/**
 * Signs out: tells the server to end this session (fire and forget, see endServerSession) and,
 * whatever it answers or if it cannot be reached, forgets the token and the cached user at once.
 * The caller decides where to go next. What the device kept for working offline (the user, stored
 * lists, unsent changes) goes too: it was this user's.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    const token = getToken()
    if (token !== null) endServerSession(token)
    endSession(queryClient)
    forgetUser()
    void clearOfflineData()
  }, [queryClient])
}
