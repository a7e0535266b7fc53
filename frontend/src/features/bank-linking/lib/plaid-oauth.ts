/**
 * Plaid's OAuth redirect (most UK banks): Link sends the user to their bank, which brings the
 * browser back to the server's redirect URI (/accounts) with '?oauth_state_id=…'. That page must
 * open Link again with the same link token, so the token is kept in sessionStorage (this tab
 * only) from just before Link opens until the flow ends.
 */

export const PLAID_OAUTH_STORAGE_KEY = 'myspending.plaid-oauth'
/** The query parameter the bank's redirect adds to our redirect URI. */
export const OAUTH_STATE_PARAM = 'oauth_state_id'
/** A saved link token older than this is not resumed (Plaid's link tokens last 30 minutes). */
export const PLAID_OAUTH_MAX_AGE_MS = 30 * 60 * 1000

/** The Link session in progress: its token, the connection it reconnects (or null), and when. */
export type SavedPlaidLink = { linkToken: string; itemId: string | null; savedAt: number }

/** A resumed Link session: the saved token and the address the bank brought the browser back to. */
export type PlaidOAuthResume = { linkToken: string; itemId: string | null; receivedRedirectUri: string }

/** sessionStorage can be missing or refuse access (storage disabled); the flow then just does not resume. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

export function savePlaidLink(linkToken: string, itemId: string | null, now: number = Date.now()): void {
  const entry: SavedPlaidLink = { linkToken, itemId, savedAt: now }
  try {
    storage()?.setItem(PLAID_OAUTH_STORAGE_KEY, JSON.stringify(entry))
  } catch {
    // Full or refused: Link still works for banks without OAuth.
  }
}

/** The saved Link session, if there is a well-formed one younger than 30 minutes. */
export function readPlaidLink(now: number = Date.now()): SavedPlaidLink | null {
  let text: string | null = null
  try {
    text = storage()?.getItem(PLAID_OAUTH_STORAGE_KEY) ?? null
  } catch {
    return null
  }
  if (!text) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { linkToken, itemId, savedAt } = value as Record<string, unknown>
  if (typeof linkToken !== 'string' || linkToken === '') return null
  if (itemId !== null && typeof itemId !== 'string') return null
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null
  const age = now - savedAt
  if (age < 0 || age >= PLAID_OAUTH_MAX_AGE_MS) return null
  return { linkToken, itemId, savedAt }
}

export function forgetPlaidLink(): void {
  try {
    storage()?.removeItem(PLAID_OAUTH_STORAGE_KEY)
  } catch {
    // Nothing to do.
  }
}

/** The value of 'oauth_state_id' in a query string ('?a=1&oauth_state_id=…'), or null. */
export function oauthStateId(search: string): string | null {
  return new URLSearchParams(search).get(OAUTH_STATE_PARAM)
}

/** The query string without 'oauth_state_id': '' when nothing else is left, otherwise '?…'. */
export function withoutOAuthState(search: string): string {
  const params = new URLSearchParams(search)
  params.delete(OAUTH_STATE_PARAM)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}
