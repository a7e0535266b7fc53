import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

describe('Login form', () => {
  it("says 'Log in', the verb of every button and link (not 'Sign in')", async () => {
    renderApp('/login')
    expect(await screen.findByText('Log in to your MySpending account')).toBeInTheDocument()
    expect(screen.queryByText(/sign in/i)).not.toBeInTheDocument()
  })

  it('shows the validation messages and sends nothing', async () => {
    let called = false
    server.use(
      http.post(apiUrl('/auth/login'), () => {
        called = true
        return HttpResponse.json({})
      }),
    )
    const { user } = renderApp('/login')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'alice@')
    await user.type(screen.getByLabelText('Password'), '123')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(called).toBe(false)
  })

  it('shows the server message, keeps the input and can dismiss the alert', async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json({ success: false, message: 'Invalid credentials' }, { status: 401 }),
      ),
    )
    const { user, pathname } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrongpass')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument()
    expect(pathname()).toBe('/login')
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('wrongpass')

    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText('Invalid credentials')).not.toBeInTheDocument()
  })

  it("uses 'Login failed' when the server gives no message", async () => {
    server.use(http.post(apiUrl('/auth/login'), () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Login failed')).toBeInTheDocument()
  })

  it('shows the not-verified message from the server', async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json(
          { success: false, message: 'Please verify your email. Your email is not verified.' },
          { status: 403 },
        ),
      ),
    )
    const { user, pathname } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(
      await screen.findByText('Please verify your email. Your email is not verified.'),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/login')
  })

  it('shows the busy message when the server is at capacity, and stays on the form', async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'busy',
            message: 'The server is busy. Please try again in a moment.',
          },
          { status: 503, headers: { 'Retry-After': '1' } },
        ),
      ),
    )
    const { user, pathname } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(
      await screen.findByText('The server is busy. Please try again in a moment.'),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/login')
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com')
  })

  it('goes to /account-disabled when the account is disabled', async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json(
          { success: false, code: 'account_disabled', message: 'Account is disabled' },
          { status: 403 },
        ),
      ),
    )
    const { user, pathname } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { name: 'Account Disabled' })).toBeInTheDocument()
    expect(pathname()).toBe('/account-disabled')
  })

  it('signs in, stores only the token and opens the dashboard', async () => {
    let body: unknown
    server.use(
      ...dashboardHandlers(),
      http.post(apiUrl('/auth/login'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, token: 'tok-123', user: makeUser() })
      }),
    )
    const { user, pathname } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), ' alice@example.com ')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' }),
    ).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
    expect(body).toEqual({ email: 'alice@example.com', password: 'secret1' })
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBe('{"token":"tok-123"}')
  })

  it('shows a loading state while signing in', async () => {
    let release: () => void = () => {}
    server.use(
      http.post(apiUrl('/auth/login'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return HttpResponse.json({ success: false, message: 'nope' }, { status: 401 })
      }),
    )
    const { user } = renderApp('/login')
    await user.type(screen.getByLabelText('Email'), 'alice@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByText('Signing in...')).toBeInTheDocument())
    release()
    expect(await screen.findByText('nope')).toBeInTheDocument()
  })
})
