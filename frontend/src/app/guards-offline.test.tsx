import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getToken, setToken } from '@/lib/auth-storage'
import { LAST_USER_KEY, lastKnownUser, rememberUser } from '@/lib/offline/last-user'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

beforeEach(() => server.use(...dashboardHandlers()))
afterEach(() => vi.restoreAllMocks())

/** The user the server confirmed for token `tok` on an earlier, online, start. */
function rememberedUser() {
  setToken('tok')
  rememberUser(makeUser())
}

describe('the session check without a connection', { timeout: 20_000 }, () => {
  it('trusts the last user confirmed on this device when the check gets no answer', async () => {
    rememberedUser()
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.error()))
    const { pathname } = renderApp('/dashboard', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
    expect(getToken()).toBe('tok')
  })

  it('still signs out on a real 401, and forgets the remembered user', async () => {
    rememberedUser()
    server.use(
      http.get(apiUrl('/auth/me'), () =>
        HttpResponse.json({ success: false, code: 'unauthorised', message: 'Unauthorized' }, { status: 401 }),
      ),
    )
    const { pathname } = renderApp('/dashboard', { token: 'tok' })
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(getToken()).toBeNull()
    expect(window.localStorage.getItem(LAST_USER_KEY)).toBeNull()
  })

  it('does not trust a user remembered for another session', async () => {
    rememberedUser()
    server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.error()))
    // Signed in again since (another token): the remembered user is not this session's.
    const { pathname } = renderApp('/dashboard', { token: 'a-newer-token' })
    await waitFor(() => expect(pathname()).toBe('/login'))
  })

  it('remembers the user the server confirmed', async () => {
    server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser({ name: 'Bea' }) })))
    renderApp('/dashboard', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Welcome back, Bea!' })
    expect(lastKnownUser()).toMatchObject({ _id: 'u1', name: 'Bea' })
  })
})
