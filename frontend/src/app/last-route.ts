import { shouldRememberPath } from './routing-rules'

/** localStorage key of the last visited signed-in path. */
export const LAST_ROUTE_KEY = 'last-route'

export function readLastRoute(): string | null {
  try {
    return window.localStorage.getItem(LAST_ROUTE_KEY)
  } catch {
    return null
  }
}

export function rememberRoute(path: string): void {
  if (!shouldRememberPath(path)) return
  try {
    window.localStorage.setItem(LAST_ROUTE_KEY, path)
  } catch {
    // Storage full or blocked: remembering is a convenience only.
  }
}
