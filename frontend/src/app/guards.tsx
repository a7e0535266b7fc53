import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { FullPageSpinner } from '@/components/full-page-spinner'
import { endSession, useUser } from '@/features/auth'
import { getToken } from '@/lib/auth-storage'
import { readLastRoute } from './last-route'
import {
  resolveSignedInUnknownPath,
  resolveSignedOutUnknownPath,
  signedInRedirectFor,
} from './routing-rules'

/**
 * Root of every route. With a stored token it checks the session
 * (GET /auth/me) behind a full-page spinner: a failed check ends the session;
 * a user who is not active is signed out and sent to /account-disabled.
 */
export function SessionGate() {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const hasToken = getToken() !== null
  const me = useUser()
  const inactive = me.data != null && !me.data.isActive
  const failed = me.isError

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
  return <Outlet />
}

/**
 * The signed-in user, or null. Both the cached user and the token must be
 * there: on an auth failure the api client drops the token at once, while the
 * cached user goes only after the redirect (see auth-failure.ts).
 */
function useSignedInUser() {
  const { data: user } = useUser()
  return user && getToken() !== null ? user : null
}

/** Signed-in pages: a signed-out visitor goes to the landing page. */
export function RequireAuth() {
  const user = useSignedInUser()
  if (!user) return <Navigate to={resolveSignedOutUnknownPath()} replace />
  return <Outlet />
}

/** /login and /register: a signed-in user goes to the dashboard. */
export function RedirectIfSignedIn() {
  const user = useSignedInUser()
  const { pathname } = useLocation()
  const target = user ? signedInRedirectFor(pathname) : null
  if (target) return <Navigate to={target} replace />
  return <Outlet />
}

/** The landing page is for signed-out visitors; signed in it counts as unknown. */
export function LandingGate({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser()
  if (user) return <UnknownPath />
  return <>{children}</>
}

/** Any path without a route (spec doc 2 routing rules). */
export function UnknownPath() {
  const user = useSignedInUser()
  const { pathname } = useLocation()
  const target = user
    ? resolveSignedInUnknownPath(readLastRoute(), pathname, {
        isSuperadmin: user.role === 'superadmin',
      })
    : resolveSignedOutUnknownPath()
  return <Navigate to={target} replace />
}
