import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

afterEach(() => {
  vi.useRealTimers()
})

// The screen asks whether the link can still be used before it shows the form.
beforeEach(() => {
  server.use(
    http.get(apiUrl('/auth/reset-password/:token'), () =>
      HttpResponse.json({ success: true, message: 'This reset link can be used.' }),
    ),
  )
})

describe('Reset password', () => {
  it('says at once that a used or expired link cannot be used, with the way to a new one and no form', async () => {
    const message = 'This password reset link has expired or has already been used. Please request a new one.'
    server.use(
      http.get(apiUrl('/auth/reset-password/:token'), () =>
        HttpResponse.json({ success: false, message }, { status: 400 }),
      ),
    )
    renderApp('/reset-password/used')
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password')
  })

  it('keeps the form when the check cannot reach the server', async () => {
    server.use(http.get(apiUrl('/auth/reset-password/:token'), () => HttpResponse.error()))
    renderApp('/reset-password/abc')
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument()
  })

  it('without a token says the link is invalid', async () => {
    renderApp('/reset-password')
    expect(
      await screen.findByText('Invalid or missing reset token. Please request a new password reset.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('checks the password rules', async () => {
    const { user } = renderApp('/reset-password/abc')
    await user.type(await screen.findByLabelText('New Password'), 'abcdefgh')
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdefgx')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords must match')).toBeInTheDocument()
  })

  it('shows the strength of the new password and which requirements it meets', async () => {
    const { user } = renderApp('/reset-password/abc')
    await user.type(await screen.findByLabelText('New Password'), 'abcdefgh')
    const requirements = screen.getByRole('list', { name: 'Password requirements' })
    expect(requirements).toHaveTextContent('An uppercase letter(not met)')
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Weak')
  })

  it("shows the server's refusal of a common password on the password field", async () => {
    const tooCommon = 'This password is too common. Please choose another.'
    server.use(
      http.post(apiUrl('/auth/reset-password/abc'), () =>
        HttpResponse.json({ success: false, code: 'validation', message: tooCommon }, { status: 400 }),
      ),
    )
    const { user } = renderApp('/reset-password/abc')
    await user.type(await screen.findByLabelText('New Password'), 'Qwerty123')
    await user.type(screen.getByLabelText('Confirm New Password'), 'Qwerty123')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleErrorMessage(tooCommon))
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
  })

  it('shows the server error and keeps the input', async () => {
    server.use(
      http.post(apiUrl('/auth/reset-password/abc'), () =>
        HttpResponse.json({ success: false, message: 'Token expired' }, { status: 400 }),
      ),
    )
    const { user } = renderApp('/reset-password/abc')
    await user.type(await screen.findByLabelText('New Password'), 'Abcdefg1')
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg1')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Token expired')).toBeInTheDocument()
    expect(screen.getByLabelText('New Password')).toHaveValue('Abcdefg1')
  })

  it('on success shows a message and goes to /login after 3 seconds', async () => {
    let body: unknown
    server.use(
      http.post(apiUrl('/auth/reset-password/tok%2F1'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, message: 'Password has been reset' })
      }),
    )
    const { user, pathname } = renderApp('/reset-password/tok%2F1')
    await user.type(await screen.findByLabelText('New Password'), 'Abcdefg1')
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg1')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password has been reset')).toBeInTheDocument()
    expect(body).toEqual({ password: 'Abcdefg1' })

    act(() => vi.advanceTimersByTime(2900))
    expect(pathname()).toBe('/reset-password/tok%2F1')
    act(() => vi.advanceTimersByTime(200))
    expect(pathname()).toBe('/login')
  })
})
