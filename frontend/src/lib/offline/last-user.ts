import type { User } from '@/lib/api/types'
import { getToken } from '@/lib/auth-storage'

/**
 * The last user the server confirmed, kept on the device so the app can start without a
 * connection (a phone in a shop): the session check then trusts it instead of signing out. It
 * belongs to one token: a new sign-in, or none, does not match it.
 */
export const LAST_USER_KEY = 'last-user'

type Stored = { user: User; token: string }

/** The part of the token kept beside the user: enough to tell sessions apart. */
function tokenTail(token: string): string {
  return token.slice(-16)
}

export function rememberUser(user: User): void {
  const token = getToken()
  if (!token) return
  try {
    const stored: Stored = { user, token: tokenTail(token) }
    window.localStorage.setItem(LAST_USER_KEY, JSON.stringify(stored))
  } catch {
    // Storage full or blocked: the app just needs a connection to start.
  }
}

/** The remembered user of the current token, or null. */
export function lastKnownUser(): User | null {
  const token = getToken()
  if (!token) return null
  try {
    const stored = JSON.parse(window.localStorage.getItem(LAST_USER_KEY) ?? 'null') as Stored | null
    return stored && stored.token === tokenTail(token) && stored.user?._id ? stored.user : null
  } catch {
    return null
  }
}

export function forgetUser(): void {
  window.localStorage.removeItem(LAST_USER_KEY)
}
