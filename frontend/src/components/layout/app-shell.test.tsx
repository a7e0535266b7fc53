import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { COLOR_MODE_KEY, resetColorModeForTests } from '@/lib/color-mode'
import { renderWithProviders } from '@/test/render'
import { AppShell } from './app-shell'

function renderShell() {
  return renderWithProviders(
    <AppShell navItems={[]} userName="Alice Smith" userEmail="alice@example.com" onEditProfile={vi.fn()} onLogout={vi.fn()}>
      <h1>Page</h1>
    </AppShell>,
  )
}

const html = () => document.documentElement

beforeEach(() => {
  resetColorModeForTests()
  html().className = ''
})

describe('the profile menu’s Theme group', () => {
  it('offers Light, Dark and System, with System chosen by default', async () => {
    const { user } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    const group = await screen.findByRole('group', { name: 'Theme' })
    expect(group).toBeInTheDocument()
    const items = screen.getAllByRole('menuitemradio')
    expect(items.map((i) => i.textContent)).toEqual(['Light', 'Dark', 'System'])
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'false')
  })

  it('applies and remembers the choice', async () => {
    const { user } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }))
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark')
    expect(html()).toHaveClass('dark')

    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true'))
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }))
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('light')
    expect(html()).toHaveClass('light')
    expect(html()).not.toHaveClass('dark')
  })

  it('shows the stored choice', async () => {
    localStorage.setItem(COLOR_MODE_KEY, 'light')
    const { user } = renderShell()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true')
  })
})
