import { useUser } from '@/features/auth/session'
import { getToken } from '@/lib/auth-storage'

/**
 * The signed-in user, or null. Both the cached user and the token must be
 * there: on an auth failure the api client drops the token at once, while the
 * cached user goes only after the redirect (see auth-failure.ts).
 */
export function useSignedInUser() {
  const { data: user } = useUser()
  return user && getToken() !== null ? user : null
}
