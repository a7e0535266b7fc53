import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { endSession } from '../lib/session'

/**
 * Logout is local: the server keeps no session, so forgetting the token and
 * the cached user is all there is. The caller decides where to go next.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useCallback(() => endSession(queryClient), [queryClient])
}
