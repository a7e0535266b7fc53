import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { AppShell } from './layout/app-shell'

function renderShell() {
  const onEditProfile = vi.fn()
  const onLogout = vi.fn()
  const view = renderWithProviders(
    <AppShell navItems={[]} userName="Alice Smith" userEmail="alice@example.com" onEditProfile={onEditProfile} onLogout={onLogout}>
      <h1>Page</h1>
    </AppShell>,
  )
  return { ...view, onEditProfile, onLogout }
}

/** Picks an item with the keyboard (zag.js only highlights under the pointer when its modality says so, which jsdom does not keep). */
async function choose(user: UserEvent, name: string) {
  const item = await screen.findByRole('menuitem', { name })
  for (let i = 0; i < 12 && !item.hasAttribute('data-highlighted'); i++) await user.keyboard('{ArrowDown}')
  expect(item).toHaveAttribute('data-highlighted')
  await user.keyboard('{Enter}')
}

describe('a menu that loads on first use (the account menu)', () => {
  it('renders only its trigger until clicked, with the initials', () => {
    renderShell()
    const trigger = screen.getByRole('button', { name: 'Account menu' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(trigger).toHaveTextContent('AS')
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument()
  })

  it('opens on the first click and its items work', async () => {
    const { user, onEditProfile, onLogout } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument()
    await choose(user, 'Edit Profile')
    expect(onEditProfile).toHaveBeenCalledOnce()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false'))
    // From then on it is the real menu: it opens again, and Logout works.
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await choose(user, 'Logout')
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('opens from the keyboard on the first Enter', async () => {
    const { user, onLogout } = renderShell()
    screen.getByRole('button', { name: 'Account menu' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement))
    await choose(user, 'Logout')
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('opens the rules and the Backup & Restore screens', async () => {
    const { user, router } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await choose(user, 'Backup & Restore')
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/backup'))
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await choose(user, 'Categorisation Rules')
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/rules'))
  })

  it('opens the Security screen, listed under Edit Profile', async () => {
    const { user, router } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await screen.findByRole('menuitem', { name: 'Security' })
    const names = screen.getAllByRole('menuitem').map((item) => item.textContent)
    expect(names.slice(names.indexOf('Edit Profile'))).toEqual(['Edit Profile', 'Security', 'API Tokens', 'Logout'])
    await choose(user, 'Security')
    await waitFor(() => expect(router.state.location.pathname).toBe('/security'))
  })

  it('opens the API tokens screen', async () => {
    const { user, router } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await choose(user, 'API Tokens')
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/api-tokens'))
  })
})
