import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getToken } from '@/lib/auth-storage'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

afterEach(() => {
  vi.useRealTimers()
})

describe('Verify email', () => {
  it("without a token says 'No verification token found.'", async () => {
    renderApp('/verify-email')
    expect(await screen.findByText('No verification token found.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Login' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Register Again' })).toBeInTheDocument()
  })

  it('verifies once, signs the user in and goes to the dashboard after 3 seconds', async () => {
    const calls: unknown[] = []
    server.use(
      ...dashboardHandlers(),
      http.post(apiUrl('/auth/verify-email'), async ({ request }) => {
        calls.push(await request.json())
        return HttpResponse.json({ success: true, token: 'fresh', user: makeUser({ name: 'Dana' }) })
      }),
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { pathname } = renderApp('/verify-email/v-tok')
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument()
    expect(await screen.findByText('Your email has been verified!')).toBeInTheDocument()
    expect(calls).toEqual([{ token: 'v-tok' }])
    expect(getToken()).toBe('fresh')

    await act(async () => {
      vi.advanceTimersByTime(3000)
    })
    expect(pathname()).toBe('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana!' })).toBeInTheDocument()
  })

  it('shows the error with Try Login and Register Again', async () => {
    server.use(
      http.post(apiUrl('/auth/verify-email'), () =>
        HttpResponse.json({ success: false, message: 'Invalid or expired token' }, { status: 400 }),
      ),
    )
    const { user, pathname } = renderApp('/verify-email/bad')
    expect(await screen.findByText('Invalid or expired token')).toBeInTheDocument()
    expect(getToken()).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Register Again' }))
    expect(pathname()).toBe('/register')
  })

  it('says a link opened again has done its work, and offers only Go to Login', async () => {
    const message = 'This link has already been used and your email address is verified. Please log in.'
    server.use(
      http.post(apiUrl('/auth/verify-email'), () => HttpResponse.json({ success: false, message }, { status: 409 })),
    )
    const { user, pathname } = renderApp('/verify-email/used')
    expect(await screen.findByText('Your email is already verified')).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Register Again' })).not.toBeInTheDocument()
    expect(screen.queryByText('Verification failed')).not.toBeInTheDocument()
    expect(getToken()).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Go to Login' }))
    expect(pathname()).toBe('/login')
  })

  it("falls back to 'Email verification failed'", async () => {
    server.use(http.post(apiUrl('/auth/verify-email'), () => new HttpResponse(null, { status: 500 })))
    renderApp('/verify-email/bad')
    expect(await screen.findByText('Email verification failed')).toBeInTheDocument()
  })
})
