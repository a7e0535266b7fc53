import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MonthlyReport, YearlyReport } from '@/features/reports/api/types'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { emptyReportSummary, makeTransaction, makeUser, makeYearlyReport } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp, renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { LAST_ROUTE_KEY } from './last-route'
import { LoginRoute } from './routes/login'

// The dashboard's own calls, so landing on /dashboard needs no handlers of its own.
beforeEach(() => server.use(...dashboardHandlers()))

const meOk = () => HttpResponse.json({ success: true, user: makeUser() })

function signedIn() {
  server.use(http.get(apiUrl('/auth/me'), meOk))
}

/** POST /auth/login answering with a session; records how often it was called. */
function loginSucceeds() {
  const calls: unknown[] = []
  server.use(
    http.post(apiUrl('/auth/login'), async ({ request }) => {
      calls.push(await request.json())
      return HttpResponse.json({ success: true, token: 'tok-1', user: makeUser() })
    }),
  )
  return calls
}

type User = ReturnType<typeof renderApp>['user']

async function signIn(user: User) {
  await user.type(await screen.findByLabelText('Email'), 'alice@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

const emptyReport: MonthlyReport = {
  period: { startDate: '2026-10-01', endDate: '2026-10-31', monthName: 'October', year: 2026, month: 10 },
  summary: emptyReportSummary(),
  breakdown: { income: [], expenses: [] },
  transactions: [],
  comparison: { previousMonth: [], sameMonthLastYear: [] },
  largestChanges: [],
  tags: [],
}

const emptyYear: YearlyReport = makeYearlyReport()

/** The reports page's calls; records the monthly report's query strings. */
function serveReports(seen: string[] = []) {
  server.use(
    http.get(apiUrl('/reports/monthly'), ({ request }) => {
      seen.push(new URL(request.url).search)
      return HttpResponse.json({ success: true, data: emptyReport })
    }),
    http.get(apiUrl('/reports/yearly'), () => HttpResponse.json({ success: true, data: emptyYear })),
  )
  return seen
}

describe('404 page', () => {
  it('shows a signed-in user the 404 page inside the app shell, with a way to the dashboard', async () => {
    signedIn()
    const { pathname, user } = renderApp('/transactions-old', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument()
    expect(screen.getByText("We couldn't find the page you asked for.")).toBeInTheDocument()
    // No redirect: the address stays as typed, inside the signed-in shell.
    expect(pathname()).toBe('/transactions-old')
    expect(screen.getByText('Hello, Alice Smith')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page not found · MySpending'))
    // An unknown path is never remembered as the last route.
    expect(window.localStorage.getItem(LAST_ROUTE_KEY)).toBeNull()

    const home = screen.getByRole('link', { name: 'Go to dashboard' })
    expect(home).toHaveAttribute('href', '/dashboard')
    await user.click(home)
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' }),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
  })

  it('shows a signed-out visitor the 404 page with a way to the home page', async () => {
    const { pathname, user } = renderApp('/nope')
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument()
    expect(screen.getByText("We couldn't find the page you asked for.")).toBeInTheDocument()
    expect(pathname()).toBe('/nope')
    expect(screen.queryByText(/Hello,/)).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument()

    const home = screen.getByRole('link', { name: 'Go to the home page' })
    expect(home).toHaveAttribute('href', '/')
    await user.click(home)
    expect(
      await screen.findByRole('heading', { name: 'Take control of your spending' }),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/')
  })

  it('shows the 404 page for a nested unknown path and a stale token alike', async () => {
    server.use(
      http.get(apiUrl('/auth/me'), () =>
        HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
      ),
    )
    const { pathname } = renderApp('/no/such/page', { token: 'stale' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument()
    expect(pathname()).toBe('/no/such/page')
  })
})

describe('deep link return after sign-in', () => {
  it('sends a signed-out visitor of /reports?… to /login and back there, query included', async () => {
    const seen = serveReports()
    const calls = loginSucceeds()
    const { pathname, router, user } = renderApp('/reports?month=10&year=2026')
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/reports?month=10&year=2026',
    )

    await signIn(user)
    expect(await screen.findByRole('heading', { name: 'Financial Reports' })).toBeInTheDocument()
    expect(pathname()).toBe('/reports')
    expect(router.state.location.search).toBe('?month=10&year=2026')
    expect(screen.getByText(/October 2026/)).toBeInTheDocument()
    // The heading and the month show before the report's request is made: wait for it.
    await waitFor(() => expect(seen[0]).toBe('?year=2026&month=10'))
    expect(calls).toHaveLength(1)
  })

  it('has the login form itself go to the target, not only the signed-in guard', async () => {
    // Without the guard around it, so the form's own navigation is what is seen.
    loginSucceeds()
    const { router, user } = renderWithProviders(<LoginRoute />, '/login?next=%2Freports%3Fmonth%3D1')
    await signIn(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'))
    expect(router.state.location.search).toBe('?month=1')
  })

  it('returns a signed-out visitor of a transaction to that transaction', async () => {
    const tx = makeTransaction({ _id: 'tx-42', description: 'Deep-linked shop' })
    server.use(
      ...ledgerHandlers(),
      http.get(apiUrl('/transactions/:id'), () => HttpResponse.json({ success: true, data: tx })),
    )
    loginSucceeds()
    const { pathname, router, user } = renderApp('/transactions/tx-42')
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(router.state.location.search).toBe('?next=%2Ftransactions%2Ftx-42')
    await signIn(user)
    expect(await screen.findByRole('heading', { name: 'Deep-linked shop' })).toBeInTheDocument()
    expect(pathname()).toBe('/transactions/tx-42')
  })

  it.each([
    ['//evil.example'],
    ['https://evil.example'],
    ['/login'],
    ['/\\evil.example'],
  ])('refuses %s as a return target and opens the dashboard', async (next) => {
    loginSucceeds()
    const { pathname, router, user } = renderApp(`/login?next=${encodeURIComponent(next)}`)
    await signIn(user)
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' }),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
    expect(router.state.location.search).toBe('')
  })

  it('opens the dashboard after a plain sign-in', async () => {
    loginSucceeds()
    const { pathname, user } = renderApp('/login')
    await signIn(user)
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' }),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
  })

  it('sends a visitor who is already signed in straight to the return target', async () => {
    signedIn()
    serveReports()
    const { pathname, router } = renderApp('/login?next=%2Freports%3Fmonth%3D10%26year%3D2026', {
      token: 'tok',
    })
    expect(await screen.findByRole('heading', { name: 'Financial Reports' })).toBeInTheDocument()
    expect(pathname()).toBe('/reports')
    expect(router.state.location.search).toBe('?month=10&year=2026')
  })

  it('never returns to the landing page, even with a remembered route', async () => {
    // Were '/' honoured, the landing gate would forward to the remembered /accounts.
    window.localStorage.setItem(LAST_ROUTE_KEY, '/accounts')
    loginSucceeds()
    const { pathname, user } = renderApp('/login?next=%2F')
    await signIn(user)
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' }),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
  })
})

describe('document titles', () => {
  it('names the landing, login and sign-up pages', async () => {
    const { user } = renderApp('/')
    await screen.findByRole('heading', { name: 'Take control of your spending' })
    await waitFor(() => expect(document.title).toBe('MySpending'))

    await user.click(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'Login' }))
    await screen.findByRole('heading', { name: 'Welcome back' })
    await waitFor(() => expect(document.title).toBe('Login · MySpending'))

    await user.click(screen.getByRole('link', { name: 'Sign Up' }))
    await screen.findByRole('heading', { name: 'Create your account' })
    await waitFor(() => expect(document.title).toBe('Sign up · MySpending'))
  })

  it('names the dashboard, transactions and budget analytics pages', async () => {
    server.use(
      ...ledgerHandlers(),
      http.get(apiUrl('/budget-analytics'), () =>
        HttpResponse.json({ success: false, message: 'Not in this test' }, { status: 500 }),
      ),
    )
    const { router } = renderApp('/dashboard', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })
    await waitFor(() => expect(document.title).toBe('Dashboard · MySpending'))

    await router.navigate('/transactions')
    await screen.findByRole('heading', { name: 'Transactions', level: 1 })
    await waitFor(() => expect(document.title).toBe('Transactions · MySpending'))

    await router.navigate('/budgets/analytics')
    await screen.findByRole('heading', { name: 'Budget Analytics', level: 1 })
    await waitFor(() => expect(document.title).toBe('Budget analytics · MySpending'))
  })
})
