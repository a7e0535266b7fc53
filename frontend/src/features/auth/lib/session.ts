import type { QueryClient } from '@tanstack/react-query'
import { clearToken, setToken } from '@/lib/auth-storage'
import type { User } from '@/lib/api/types'
import { claimOfflineData } from '@/lib/offline/owner'
import { authKeys } from '../api/keys'

/**
 * Signs in: stores the token and puts the user in the cache. What the device kept for working
 * offline stays only if it was this user's.
 */
export function startSession(queryClient: QueryClient, token: string, user: User): void {
  void claimOfflineData(user._id)
  setToken(token)
  queryClient.setQueryData<User | null>(authKeys.me(), user)
}

/**
 * Signs out locally: forgets the token, marks the user as absent and drops
 * every other cached answer (they belonged to the previous user).
 */
export function endSession(queryClient: QueryClient): void {
  clearToken()
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== authKeys.all[0] || query.queryKey[1] !== 'me',
  })
  queryClient.setQueryData<User | null>(authKeys.me(), null)
}
