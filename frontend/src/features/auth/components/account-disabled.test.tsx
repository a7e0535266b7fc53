import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { getToken, setToken } from '@/lib/auth-storage'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

describe('Account disabled', () => {
  it('explains, offers a mail link and logs out on Back to Login', async () => {
    server.use(
      http.get(apiUrl('/config'), () => HttpResponse.json({ success: true, adminEmail: 'boss@example.com' })),
    )
    const { user, pathname } = renderApp('/account-disabled')
    expect(screen.getByRole('heading', { name: 'Account Disabled' })).toBeInTheDocument()
    expect(
      screen.getByText('Your account has been disabled by an administrator.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'If you believe this is an error, please contact the MySpending administrator for assistance.',
      ),
    ).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Contact Administrator' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:boss@example\.com\?/),
    )

    setToken('left-over')
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(pathname()).toBe('/login')
    expect(getToken()).toBeNull()
  })

  it('offers no mail link when the server names no administrator', async () => {
    server.use(http.get(apiUrl('/config'), () => HttpResponse.json({ success: true, adminEmail: null })))
    renderApp('/account-disabled')
    expect(await screen.findByRole('button', { name: 'Back to Login' })).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('link', { name: 'Contact Administrator' })).toBeNull()
  })
})
