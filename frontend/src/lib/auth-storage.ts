/**
 * The session keeps only the bearer token, in localStorage under
 * `auth-storage`, stored as JSON `{"token":"..."}`. The user itself lives in
 * the TanStack Query cache.
 */
export const AUTH_STORAGE_KEY = 'auth-storage'

type StoredAuth = { token?: unknown }

export function getToken(): string | null {
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as StoredAuth | null
    return typeof parsed?.token === 'string' && parsed.token.length > 0
      ? parsed.token
      : null
  } catch {
    return null
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token }))
}

export function clearToken(): void {
  window.localStorage.removeItem(AUTH_STORAGE_KEY)
}
