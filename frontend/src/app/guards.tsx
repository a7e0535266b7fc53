import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { FullPageSpinner } from '@/components/full-page-spinner'
import { endSession, useUser } from '@/features/auth/session'
import { getToken } from '@/lib/auth-storage'
import { useAfterFirstScreen } from '@/lib/first-screen'
import { type HouseholdAccess, HouseholdAccessContext } from '@/lib/household-access'
import { rememberUser } from '@/lib/offline/last-user'
import { readLastRoute } from './last-route'
import { loginPathFor, resolveSignedInHome, signedInRedirectFor } from './routing-rules'
import { useSignedInUser } from './use-signed-in-user'

/**
 * Replays the shopping changes made offline from app start, and reads the household. Loaded on its
 * own (not in the first chunk), since the first load holds only the shell, the guards and the
 * session check, and once the first screen has painted, so that its code and requests do not
 * queue ahead of the screen's on a phone's connection.
 */
const SessionSync = lazy(() => import('./session-sync').then((m) => ({ default: m.SessionSync })))

/**
 * Root of every route. With a stored token it checks the session
 * (GET /auth/me) behind a full-page spinner: a failed check ends the session;
 * a user who is not active is signed out and sent to /account-disabled.
 * Without a connection the check trusts the user last confirmed on this device
 * (see getMe), so the app still opens in a shop with no signal. For a signed-in
 * user, changes made offline are replayed from here on, and every screen is given the
 * household's write access and members (SessionSync).
 */
export function SessionGate() {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const hasToken = getToken() !== null
  const me = useUser()
  const inactive = me.data != null && !me.data.isActive
  const failed = me.isError
  const user = me.data
  const [household, setHousehold] = useState<HouseholdAccess>()
  const screenShown = useAfterFirstScreen()

  // Kept on the device for starting offline; covers a fresh sign-in too, whose user comes from the login answer.
  useEffect(() => {
    if (user?.isActive) rememberUser(user)
  }, [user])

  useEffect(() => {
    if (failed) endSession(queryClient)
  }, [failed, queryClient])

  // An inactive user is first taken to /account-disabled, then signed out there
  // (signing out first would let the protected page redirect to / instead).
  const onDisabledPage = pathname === '/account-disabled'
  useEffect(() => {
    if (inactive && onDisabledPage) endSession(queryClient)
  }, [inactive, onDisabledPage, queryClient])

  if (inactive && !onDisabledPage) return <Navigate to="/account-disabled" replace />
  if (hasToken && (me.isPending || failed || inactive)) {
    return <FullPageSpinner label="Checking your session..." />
  }
  return (
    <HouseholdAccessContext value={household}>
      {hasToken && user && screenShown ? (
        <Suspense fallback={null}>
          <SessionSync userId={user._id} onHouseholdAccess={setHousehold} />
        </Suspense>
      ) : null}
      <Outlet />
    </HouseholdAccessContext>
  )
}

/**
 * Signed-in pages: a signed-out visitor goes to /login, which brings them
 * back to this very address (query and hash included) after signing in.
 */
export function RequireAuth() {
  const user = useSignedInUser()
  const { pathname, search, hash } = useLocation()
  if (!user) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />
  return <Outlet />
}

/**
 * /login and /register: a signed-in user goes to the return target of
 * '?next=' when there is a safe one, otherwise to the dashboard.
 */
export function RedirectIfSignedIn() {
  const user = useSignedInUser()
  const { pathname, search } = useLocation()
  const target = user ? signedInRedirectFor(pathname, search) : null
  if (target) return <Navigate to={target} replace />
  return <Outlet />
}

/**
 * The landing page is for signed-out visitors; a signed-in user goes to the
 * remembered route when it is a known page, otherwise to the dashboard.
 */
export function LandingGate({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser()
  if (user) {
    const target = resolveSignedInHome(readLastRoute(), { isSuperadmin: user.role === 'superadmin' })
    return <Navigate to={target} replace />
  }
  return <>{children}</>
}
