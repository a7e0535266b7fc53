import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const CHALLENGE = 'u1.challenge-secret'

/** POST /auth/login answers a challenge; POST /auth/login/2fa answers `verify` and records the bodies. */
function serveChallenge(verify: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = []
  server.use(
    ...dashboardHandlers(),
    http.post(apiUrl('/auth/login'), () =>
      HttpResponse.json({ success: true, twoFactorRequired: true, challengeToken: CHALLENGE }),
    ),
    http.post(apiUrl('/auth/login/2fa'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      bodies.push(body)
      return verify(body)
    }),
  )
  return bodies
}

const signedIn = () => HttpResponse.json({ success: true, token: 'tok-2fa', user: makeUser({ twoFactorEnabled: true }) })
const refusal = (status: number, message: string) =>
  HttpResponse.json({ success: false, code: status === 401 ? 'unauthorized' : 'validation', message }, { status })

/** Renders /login and sends the password step. */
async function passwordStep() {
  const view = renderApp('/login')
  await view.user.type(screen.getByLabelText('Email'), 'alice@example.com')
  await view.user.type(screen.getByLabelText('Password'), 'secret1')
  await view.user.click(screen.getByRole('button', { name: 'Login' }))
  await screen.findByRole('heading', { name: 'Two-factor authentication' })
  return view
}

describe('Login with two-factor sign-in on', () => {
  it('asks for the code of the authenticator app, on a number pad that may fill it in', async () => {
    serveChallenge(signedIn)
    await passwordStep()
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument()
    const code = screen.getByLabelText('Authentication code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await waitFor(() => expect(code).toHaveFocus())
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
  })

  it('signs in with the code (spaces dropped) and the challenge, storing only the token', async () => {
    const bodies = serveChallenge(signedIn)
    const { user, pathname } = await passwordStep()
    await user.type(screen.getByLabelText('Authentication code'), '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
    expect(bodies).toEqual([{ challengeToken: CHALLENGE, code: '123456' }])
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBe('{"token":"tok-2fa"}')
    // The challenge was never kept anywhere but in the form.
    const stored = [window.localStorage, window.sessionStorage].flatMap((s) =>
      Object.keys(s).map((key) => s.getItem(key) ?? ''),
    )
    expect(stored.some((value) => value.includes(CHALLENGE))).toBe(false)
  })

  it('checks the code before sending it', async () => {
    const bodies = serveChallenge(signedIn)
    const { user } = await passwordStep()
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Authentication code'), '12345')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('The code is 6 digits')).toBeInTheDocument()
    expect(bodies).toEqual([])
  })

  it("shows a wrong code's refusal and stays on the code step", async () => {
    serveChallenge(() => refusal(400, 'Invalid authentication code'))
    const { user, pathname } = await passwordStep()
    await user.type(screen.getByLabelText('Authentication code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid authentication code')).toBeInTheDocument()
    expect(screen.getByLabelText('Authentication code')).toHaveValue('000000')
    expect(pathname()).toBe('/login')
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()
  })

  it('signs in with a recovery code instead, and can switch back to the app', async () => {
    const bodies = serveChallenge((body) =>
      body.recoveryCode === 'abcde-fghij' ? signedIn() : refusal(400, 'Invalid recovery code'),
    )
    const { user } = await passwordStep()
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }))
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))

    const field = screen.getByLabelText('Recovery code')
    await waitFor(() => expect(field).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter a recovery code')).toBeInTheDocument()
    await user.type(field, 'zzzzz-zzzzz')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid recovery code')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, ' abcde-fghij ')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })).toBeInTheDocument()
    expect(bodies.at(-1)).toEqual({ challengeToken: CHALLENGE, recoveryCode: 'abcde-fghij' })
  })

  it('goes back to the password step with the message when the sign-in has expired', async () => {
    serveChallenge(() => refusal(401, 'This sign-in has expired. Please sign in again.'))
    const { user, pathname } = await passwordStep()
    await user.type(screen.getByLabelText('Authentication code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(await screen.findByText('This sign-in has expired. Please sign in again.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(pathname()).toBe('/login')
    // The e-mail stays; the password is typed again.
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com')
    const password = screen.getByLabelText('Password')
    expect(password).toHaveValue('')
    await waitFor(() => expect(password).toHaveFocus())
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull()

    // A new password step starts a new challenge, and the old message goes.
    await user.type(password, 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument()
    expect(screen.queryByText('This sign-in has expired. Please sign in again.')).not.toBeInTheDocument()
  })

  it('goes back to the password step after too many wrong codes', async () => {
    serveChallenge(() => refusal(401, 'Too many incorrect codes. Please sign in again.'))
    const { user } = await passwordStep()
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Too many incorrect codes. Please sign in again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toBeInTheDocument()
  })

  it('shows the limit of attempts (429) on the code step', async () => {
    serveChallenge(() => refusal(429, 'Too many attempts. Please try again later.'))
    const { user } = await passwordStep()
    await user.type(screen.getByLabelText('Authentication code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument()
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument()
  })

  it('goes back to the password step when asked, with no message', async () => {
    serveChallenge(signedIn)
    const { user } = await passwordStep()
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
