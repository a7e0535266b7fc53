import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { forgetUser } from '@/lib/offline/last-user'
import { clearOfflineData } from '@/lib/offline/db'
import { endSession } from '../lib/session'

/**
 * Logout is local: the server keeps no session, so forgetting the token and
 * the cached user is all there is. The caller decides where to go next. What the
 * device kept for working offline (the user, stored lists, unsent changes) goes too:
 * it was this user's.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    endSession(queryClient)
    forgetUser()
    void clearOfflineData()
  }, [queryClient])
}
