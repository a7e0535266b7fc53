import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { getToken } from '@/lib/auth-storage'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { LAST_ROUTE_KEY } from './last-route'

// The dashboard's own calls, so landing on /dashboard needs no handlers of its own.
beforeEach(() => server.use(...dashboardHandlers()))

/** GET /auth/me answering once the test calls release(). */
function heldMe(answer: () => Response) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  server.use(
    http.get(apiUrl('/auth/me'), async () => {
      await gate
      return answer()
    }),
  )
  return () => release()
}

const meOk = (user = makeUser()) => () => HttpResponse.json({ success: true, user })

describe('session check and guards', () => {
  it('shows the spinner while checking a stored token, then the page', async () => {
    const release = heldMe(meOk())
    renderApp('/dashboard', { token: 'tok' })
    expect(screen.getByTestId('full-page-spinner')).toBeInTheDocument()
    expect(screen.getByText('Checking your session...')).toBeInTheDocument()
    release()
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' }),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('full-page-spinner')).not.toBeInTheDocument()
  })

  it('sends a signed-in user away from /login to /dashboard after the check', async () => {
    const release = heldMe(meOk())
    const { pathname } = renderApp('/login', { token: 'tok' })
    expect(screen.getByTestId('full-page-spinner')).toBeInTheDocument()
    release()
    await waitFor(() => expect(pathname()).toBe('/dashboard'))
  })

  it('sends the signed-out visitor of a protected page to /login, carrying the page', async () => {
    const { pathname, router } = renderApp('/dashboard')
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(router.state.location.search).toBe('?next=%2Fdashboard')
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
  })

  it('clears a token that fails the check and treats the visitor as signed out', async () => {
    const release = heldMe(() =>
      HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
    )
    const { pathname } = renderApp('/dashboard', { token: 'stale' })
    expect(screen.getByTestId('full-page-spinner')).toBeInTheDocument()
    release()
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(getToken()).toBeNull()
  })

  it('keeps a visitor with a stale token on a public page such as reset-password', async () => {
    server.use(
      http.get(apiUrl('/auth/me'), () =>
        HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
      ),
    )
    const { pathname } = renderApp('/reset-password/r1', { token: 'stale' })
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument()
    expect(pathname()).toBe('/reset-password/r1')
    expect(getToken()).toBeNull()
  })

  it('sends an inactive user to /account-disabled and clears the session', async () => {
    const release = heldMe(meOk(makeUser({ isActive: false })))
    const { pathname } = renderApp('/dashboard', { token: 'tok' })
    expect(screen.getByTestId('full-page-spinner')).toBeInTheDocument()
    release()
    expect(await screen.findByRole('heading', { name: 'Account Disabled' })).toBeInTheDocument()
    expect(pathname()).toBe('/account-disabled')
    expect(getToken()).toBeNull()
  })

  it('shows the 404 page, not a redirect, for a remembered route that has no page yet', async () => {
    window.localStorage.setItem(LAST_ROUTE_KEY, '/dashboard')
    server.use(http.get(apiUrl('/auth/me'), meOk()))
    // Any path below /transactions/ is known to the routing rules, but this one has no page.
    const { pathname } = renderApp('/transactions/tx-1/receipt', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(pathname()).toBe('/transactions/tx-1/receipt')
    // The 404 page is not remembered as the last route.
    expect(window.localStorage.getItem(LAST_ROUTE_KEY)).toBe('/dashboard')
  })

  it('remembers the last signed-in page', async () => {
    server.use(http.get(apiUrl('/auth/me'), meOk()))
    renderApp('/dashboard', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })
    expect(window.localStorage.getItem(LAST_ROUTE_KEY)).toBe('/dashboard')
  })

  it('sends a signed-in user at / to the dashboard', async () => {
    server.use(http.get(apiUrl('/auth/me'), meOk()))
    const { pathname } = renderApp('/', { token: 'tok' })
    await waitFor(() => expect(pathname()).toBe('/dashboard'))
  })

  it('sends a signed-in user at / to the remembered route when it is a known page', async () => {
    window.localStorage.setItem(LAST_ROUTE_KEY, '/no-such-page')
    server.use(http.get(apiUrl('/auth/me'), meOk()))
    const first = renderApp('/', { token: 'tok' })
    await waitFor(() => expect(first.pathname()).toBe('/dashboard'))
    first.unmount()

    window.localStorage.setItem(LAST_ROUTE_KEY, '/accounts')
    const second = renderApp('/', { token: 'tok' })
    await waitFor(() => expect(second.pathname()).toBe('/accounts'))
    expect(await screen.findByRole('heading', { name: 'Accounts', level: 1 })).toBeInTheDocument()
  })

  it('sends any later 401 to /login', async () => {
    server.use(http.get(apiUrl('/auth/me'), meOk()))
    const { pathname, queryClient, router } = renderApp('/dashboard', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })
    server.use(
      http.get(apiUrl('/auth/can-connect-bank'), () =>
        HttpResponse.json({ success: false, message: 'Token expired' }, { status: 401 }),
      ),
    )
    const { getCanConnectBank } = await import('@/features/auth/api/can-connect-bank')
    await expect(queryClient.fetchQuery({ queryKey: ['x'], queryFn: getCanConnectBank })).rejects.toThrow()
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(getToken()).toBeNull()
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    // Signing in again leads back to the page the session expired on.
    expect(router.state.location.search).toBe('?next=%2Fdashboard')
  })
})
