/**
 * Routing rules of the app shell (spec doc 2, "App shell and routing rules",
 * with the changes of docs/decisions.md: unknown paths show a 404 page instead
 * of redirecting, and a signed-out visitor of a signed-in page goes to /login
 * and comes back after signing in), as pure functions so they can be unit tested.
 */

export const DEFAULT_SIGNED_IN_PATH = '/dashboard'
export const LOGIN_PATH = '/login'

/** The query parameter of /login that carries where to go after signing in. */
export const NEXT_PARAM = 'next'

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

/** Only for signed-out visitors: a signed-in user is sent on. */
const SIGNED_OUT_ONLY: readonly string[] = ['/login', '/register']

/**
 * Never a place to return to after signing in: the landing page and the
 * account pages of a signed-out visitor (with or without their token).
 */
const NEVER_RETURN_TO: readonly string[] = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/account-disabled',
]

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
 * Where a signed-in user at / (the landing page, which is for signed-out
 * visitors) is sent: the remembered route when it is on the known list,
 * otherwise the dashboard.
 */
export function resolveSignedInHome(lastRoute: string | null | undefined, viewer: Viewer = {}): string {
  if (lastRoute && isKnownSignedInPath(lastRoute, viewer)) return lastRoute
  return DEFAULT_SIGNED_IN_PATH
}

/** A made-up origin to resolve return targets against; never contacted. */
const APP_ORIGIN = 'https://myspending.invalid'

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/**
 * The in-app address a visitor may be sent to after signing in, or null.
 * Guards against open redirects: only a path of this app is accepted (it
 * starts with a single '/'; no scheme, no '//host', no backslash or control
 * characters, which browsers read as '//host'), resolved the way the browser
 * would and checked to stay on this origin. The landing and account pages
 * (/, /login, /register, …) are never targets. Query and hash are kept.
 */
export function safeReturnTarget(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null
  if (raw.includes('\\') || hasControlCharacter(raw)) return null
  let url: URL
  try {
    url = new URL(raw, APP_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== APP_ORIGIN) return null
  // Dot segments can collapse to '//host' ('/.//evil.example').
  if (url.pathname.startsWith('//')) return null
  const path = normalisePath(url.pathname)
  if (NEVER_RETURN_TO.some((page) => path === page || (page !== '/' && path.startsWith(`${page}/`)))) {
    return null
  }
  return `${url.pathname}${url.search}${url.hash}`
}

/** The return target carried by /login's query string ('?next=…'), or null. */
export function returnTargetFrom(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return safeReturnTarget(params.get(NEXT_PARAM))
}

/**
 * Where a signed-out visitor of a signed-in page goes: /login, carrying the
 * page (path, query and hash) as '?next=' when it is a safe return target.
 */
export function loginPathFor(target: string | null | undefined): string {
  const next = safeReturnTarget(target)
  if (!next) return LOGIN_PATH
  return `${LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`
}

/**
 * /register carrying a return target the same way: its links to /login keep it, so a visitor who
 * registers and then signs in comes back (an invitation's link).
 */
export function registerPathFor(target: string | null | undefined): string {
  const next = safeReturnTarget(target)
  if (!next) return '/register'
  return `/register?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`
}

/**
 * /login and /register send a signed-in user on: to the return target of the
 * query string when there is a safe one, otherwise to the dashboard. Null on
 * every other path (allowed).
 */
export function signedInRedirectFor(path: string, search = ''): string | null {
  if (!SIGNED_OUT_ONLY.includes(normalisePath(path))) return null
  return returnTargetFrom(search) ?? DEFAULT_SIGNED_IN_PATH
}
