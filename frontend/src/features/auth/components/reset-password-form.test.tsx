import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

afterEach(() => {
  vi.useRealTimers()
})

describe('Reset password', () => {
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
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh')
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdefgx')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords must match')).toBeInTheDocument()
  })

  it('shows the server error and keeps the input', async () => {
    server.use(
      http.post(apiUrl('/auth/reset-password/abc'), () =>
        HttpResponse.json({ success: false, message: 'Token expired' }, { status: 400 }),
      ),
    )
    const { user } = renderApp('/reset-password/abc')
    await user.type(screen.getByLabelText('New Password'), 'Abcdefg1')
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
    await user.type(screen.getByLabelText('New Password'), 'Abcdefg1')
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
