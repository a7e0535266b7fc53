import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearUpdateWaiting, setUpdateWaiting } from '@/lib/pwa'
import { renderWithProviders } from '@/test/render'
import { UpdatePrompt } from './update-prompt'

afterEach(() => clearUpdateWaiting())

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    renderWithProviders(<UpdatePrompt />)
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument()
  })

  it('announces a waiting service worker; Reload activates it with updateSW(true)', async () => {
    const updateSW = vi.fn(async () => {})
    const { user } = renderWithProviders(<UpdatePrompt />)
    act(() => setUpdateWaiting(updateSW))
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available')
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(updateSW).toHaveBeenCalledExactlyOnceWith(true)
  })
})
