import { screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { COLOR_MODE_KEY, resetColorModeForTests } from '@/lib/color-mode'
import { usePageTitle } from '@/components/use-page-title'
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

/** A screen naming itself, and a way on to the next one. */
function Screens() {
  const [title, setTitle] = useState('Budgets')
  usePageTitle(title)
  return (
    <button type="button" onClick={() => setTitle('Accounts')}>
      Next screen
    </button>
  )
}

describe('the top bar', () => {
  it('names the screen on show (for phones) and greets the user (for wide screens)', async () => {
    const { user } = renderWithProviders(
      <AppShell navItems={[]} userName="Alice Smith" userEmail="alice@example.com" onEditProfile={vi.fn()} onLogout={vi.fn()}>
        <Screens />
      </AppShell>,
    )
    await waitFor(() => expect(screen.getByTestId('top-bar-title')).toHaveTextContent('Budgets'))
    expect(screen.getByText('Hello, Alice Smith')).toBeInTheDocument()
    expect(document.title).toBe('Budgets · MySpending')

    await user.click(screen.getByRole('button', { name: 'Next screen' }))
    await waitFor(() => expect(screen.getByTestId('top-bar-title')).toHaveTextContent('Accounts'))
    expect(document.title).toBe('Accounts · MySpending')
  })
})
