import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { AUTH_STORAGE_KEY, getToken } from '@/lib/auth-storage'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { closeMenu } from '@/test/menu'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

// The dashboard's own calls, so landing on /dashboard needs no handlers of its own.
beforeEach(() => server.use(...dashboardHandlers()))

async function signedInAtDashboard(userOverrides = {}) {
  server.use(
    http.get(apiUrl('/auth/me'), () =>
      HttpResponse.json({ success: true, user: makeUser(userOverrides) }),
    ),
  )
  const view = renderApp('/dashboard', { token: 'tok' })
  await screen.findByRole('heading', { name: 'Welcome back, Alice Smith!' })
  return view
}

type User = ReturnType<typeof renderApp>['user']

/**
 * Opens the account menu and picks an entry with the keyboard. (zag.js only
 * highlights an item under the pointer when its global "interaction modality"
 * says pointer, which jsdom does not reliably keep between tests.)
 */
async function chooseAccountMenuItem(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: 'Account menu' }))
  const item = await screen.findByRole('menuitem', { name })
  for (let i = 0; i < 12 && !item.hasAttribute('data-highlighted'); i++) {
    await user.keyboard('{ArrowDown}')
  }
  expect(item).toHaveAttribute('data-highlighted')
  await user.keyboard('{Enter}')
}

async function openEditProfile(user: User) {
  await chooseAccountMenuItem(user, 'Edit Profile')
  return screen.findByRole('dialog', { name: 'Edit Profile' })
}

describe('signed-in shell', () => {
  it('greets the user and lists the screens', async () => {
    await signedInAtDashboard()
    expect(screen.getByText('Hello, Alice Smith')).toBeInTheDocument()
    // The permanent sidebar is CSS-hidden below md (jsdom has no wide viewport).
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0]!
    expect(within(nav).getByRole('link', { name: 'Dashboard', hidden: true })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('opens the navigation drawer from the menu button', async () => {
    const { user } = await signedInAtDashboard()
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' })
    await user.click(within(drawer).getByRole('link', { name: 'Dashboard' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument(),
    )
  })

  it('edits the profile: updates the cached user and stores a new token', async () => {
    let body: unknown
    server.use(
      http.put(apiUrl('/auth/profile'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({
          success: true,
          message: 'Profile updated',
          token: 'new-token',
          user: makeUser({ name: 'Alice Jones' }),
        })
      }),
    )
    const { user } = await signedInAtDashboard()
    const dialog = await openEditProfile(user)
    const name = within(dialog).getByLabelText('Name')
    expect(name).toHaveValue('Alice Smith')
    await user.clear(name)
    await user.type(name, 'Alice Jones')
    await user.type(within(dialog).getByLabelText('Current Password'), 'oldpass')
    await user.type(within(dialog).getByLabelText('New Password'), 'Newpass1')
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'Newpass1')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Profile' })).not.toBeInTheDocument(),
    )
    expect(body).toEqual({
      name: 'Alice Jones',
      email: 'alice@example.com',
      reportYear: 'calendar',
      currentPassword: 'oldpass',
      newPassword: 'Newpass1',
    })
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBe('{"token":"new-token"}')
    expect(screen.getByText('Hello, Alice Jones')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Welcome back, Alice Jones!' })).toBeInTheDocument()
  })

  it('shows the edit-profile rules and a server refusal, keeping the input', async () => {
    server.use(
      http.put(apiUrl('/auth/profile'), () =>
        HttpResponse.json(
          { success: false, message: 'Current password is incorrect' },
          { status: 400 },
        ),
      ),
    )
    const { user } = await signedInAtDashboard()
    const dialog = await openEditProfile(user)
    await user.type(within(dialog).getByLabelText('New Password'), 'weak')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(
      await within(dialog).findByText('Current password is required to change password'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Please confirm your new password')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Current Password'), 'wrongpass')
    await user.clear(within(dialog).getByLabelText('New Password'))
    await user.type(within(dialog).getByLabelText('New Password'), 'Newpass1')
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'Newpass1')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('New Password')).toHaveValue('Newpass1')
    expect(getToken()).toBe('tok')
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect(within(dialog).queryByText('Current password is incorrect')).not.toBeInTheDocument()
  })

  it('shows the e-mail in the account menu and logs out to /', async () => {
    const { user, pathname } = await signedInAtDashboard()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument()
    await closeMenu(user)
    await chooseAccountMenuItem(user, 'Logout')
    await waitFor(() => expect(pathname()).toBe('/'))
    expect(getToken()).toBeNull()
    expect(
      await screen.findByRole('heading', { name: 'Take control of your spending' }),
    ).toBeInTheDocument()
  })
})
