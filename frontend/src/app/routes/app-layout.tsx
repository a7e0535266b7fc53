import { type ReactNode, useDeferredValue, useEffect, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { FullPageSpinner } from '@/components/full-page-spinner'
import { InstallBanner } from '@/components/install-banner'
import { AppShell } from '@/components/layout/app-shell'
import { EditProfileDialog, useLogout, useUser } from '@/features/auth'
import { rememberRoute } from '../last-route'
import { navItemsFor } from '../nav-items'

type AppLayoutProps = {
  /** The page; by default the matched child route. */
  children?: ReactNode
  /** Whether the address is remembered as the last route (not for the 404 page). */
  rememberPath?: boolean
}

/** The signed-in shell around every protected page. Rendered under RequireAuth. */
export function AppLayout({ children, rememberPath = true }: AppLayoutProps) {
  const { data: user } = useUser()
  const logout = useLogout()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [editOpen, setEditOpen] = useState(false)
  // The shell and the page in it are the biggest render of a start. It comes with the session
  // check's answer, which React renders synchronously (TanStack Query hands it over through
  // useSyncExternalStore): one task of seconds on a slow phone. Deferred, it renders at
  // transition priority, in slices, while the session spinner stays (docs/performance.md).
  const shellReady = useDeferredValue(true, false)

  useEffect(() => {
    if (rememberPath) rememberRoute(pathname)
  }, [pathname, rememberPath])

  if (!user) return null
  if (!shellReady) return <FullPageSpinner label="Checking your session..." />

  return (
    <AppShell
      navItems={navItemsFor(user.role)}
      userName={user.name}
      userEmail={user.email}
      onEditProfile={() => setEditOpen(true)}
      onLogout={() => {
        logout()
        // flushSync: the landing page replaces this one at once, before the
        // guard of the page being left can send it to /login (?next=) instead.
        void navigate('/', { replace: true, flushSync: true })
      }}
    >
      <InstallBanner />
      {children ?? <Outlet />}
      <EditProfileDialog user={user} open={editOpen} onClose={() => setEditOpen(false)} />
    </AppShell>
  )
}
