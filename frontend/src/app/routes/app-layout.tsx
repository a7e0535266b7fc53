import { useEffect, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { AppShell } from '@/components/layout/app-shell'
import { EditProfileDialog, useLogout, useUser } from '@/features/auth'
import { rememberRoute } from '../last-route'
import { navItemsFor } from '../nav-items'

/** The signed-in shell around every protected page. Rendered under RequireAuth. */
export function AppLayout() {
  const { data: user } = useUser()
  const logout = useLogout()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [editOpen, setEditOpen] = useState(false)

  useEffect(() => {
    rememberRoute(pathname)
  }, [pathname])

  if (!user) return null

  return (
    <AppShell
      navItems={navItemsFor(user.role)}
      userName={user.name}
      userEmail={user.email}
      onEditProfile={() => setEditOpen(true)}
      onLogout={() => {
        logout()
        void navigate('/', { replace: true })
      }}
    >
      <Outlet />
      <EditProfileDialog user={user} open={editOpen} onClose={() => setEditOpen(false)} />
    </AppShell>
  )
}
