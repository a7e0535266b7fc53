import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getToken, setToken } from '@/lib/auth-storage'
import { renderApp } from '@/test/render'

describe('Account disabled', () => {
  it('explains, offers a mail link and logs out on Back to Login', async () => {
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
    expect(screen.getByRole('link', { name: 'Contact Administrator' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )

    setToken('left-over')
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(pathname()).toBe('/login')
    expect(getToken()).toBeNull()
  })
})
