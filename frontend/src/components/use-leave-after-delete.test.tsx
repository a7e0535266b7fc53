import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { useLeaveAfterDelete } from './use-leave-after-delete'

function Page() {
  const { deleted, leave } = useLeaveAfterDelete('/things', 1500)
  return (
    <button type="button" onClick={leave} disabled={deleted}>
      Delete
    </button>
  )
}

afterEach(() => vi.useRealTimers())

describe('useLeaveAfterDelete', () => {
  it('marks the page deleted at once and goes back to the list after the delay, in place of the page', () => {
    vi.useFakeTimers()
    const { router } = renderWithProviders(<Page />, '/things/1')
    act(() => screen.getByRole('button', { name: 'Delete' }).click())
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled()
    act(() => vi.advanceTimersByTime(1499))
    expect(router.state.location.pathname).toBe('/things/1')
    act(() => vi.advanceTimersByTime(1))
    expect(router.state.location.pathname).toBe('/things')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('does not leave once the page is gone', () => {
    vi.useFakeTimers()
    const { router, unmount } = renderWithProviders(<Page />, '/things/1')
    act(() => screen.getByRole('button', { name: 'Delete' }).click())
    unmount()
    act(() => vi.advanceTimersByTime(2000))
    expect(router.state.location.pathname).toBe('/things/1')
  })
})
