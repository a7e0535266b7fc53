/**
 * Routing rules of the app shell (spec doc 2, "App shell and routing rules"),
 * as pure functions so they can be unit tested.
 */

export const DEFAULT_SIGNED_IN_PATH = '/dashboard'
export const SIGNED_OUT_FALLBACK_PATH = '/'

/** The main signed-in pages a remembered route may point at. */
export const MAIN_PAGES: readonly string[] = [
  '/dashboard',
  '/transactions',
  '/inventory',
  '/accounts',
  '/categories',
  '/budgets',
  '/budgets/analytics',
  '/recurring',
  '/recurring/analytics',
  '/reports',
  '/goals',
  '/users',
  '/shopping-list',
]

/** Detail pages: any path below these is known too. */
const KNOWN_PREFIXES: readonly string[] = ['/transactions/', '/inventory/']

/** Never remembered as the last route. */
const NOT_REMEMBERED: readonly string[] = ['/', '/login', '/register']

/** Only for signed-out visitors: a signed-in user is sent to the dashboard. */
const SIGNED_OUT_ONLY: readonly string[] = ['/login', '/register']

type Viewer = { isSuperadmin?: boolean }

/** '/dashboard/' → '/dashboard'; drops query and hash. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? ''
  if (bare === '' || bare === '/') return '/'
  return bare.replace(/\/+$/, '') || '/'
}

/** Whether a path is on the known list a remembered route may lead back to. */
export function isKnownSignedInPath(path: string, viewer: Viewer = {}): boolean {
  const p = normalisePath(path)
  if (p === '/users') return !!viewer.isSuperadmin
  if (MAIN_PAGES.includes(p)) return true
  return KNOWN_PREFIXES.some((prefix) => p.startsWith(prefix) && p.length > prefix.length)
}

/** The last visited path is remembered except for /, /login and /register. */
export function shouldRememberPath(path: string): boolean {
  return !NOT_REMEMBERED.includes(normalisePath(path))
}

/**
 * Where a signed-in user lands on an unknown path: the remembered route when
 * it is known (and is not the very path that was unknown, which would loop),
 * otherwise the dashboard.
 */
export function resolveSignedInUnknownPath(
  lastRoute: string | null | undefined,
  requestedPath: string,
  viewer: Viewer = {},
): string {
  if (
    lastRoute &&
    isKnownSignedInPath(lastRoute, viewer) &&
    normalisePath(lastRoute) !== normalisePath(requestedPath)
  ) {
    return lastRoute
  }
  return DEFAULT_SIGNED_IN_PATH
}

/** Signed out, anything that is not a signed-out route goes to the landing page. */
export function resolveSignedOutUnknownPath(): string {
  return SIGNED_OUT_FALLBACK_PATH
}

/** /login and /register send a signed-in user to the dashboard; null when allowed. */
export function signedInRedirectFor(path: string): string | null {
  return SIGNED_OUT_ONLY.includes(normalisePath(path)) ? DEFAULT_SIGNED_IN_PATH : null
}
