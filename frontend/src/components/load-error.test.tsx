import { onlineManager, useQuery } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { renderWithProviders } from '@/test/render'
import { LoadError, OFFLINE_MESSAGE } from './load-error'

function Page({ fetcher }: { fetcher: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['thing'], queryFn: fetcher })
  return (
    <>
      <LoadError sources={[{ query, fallback: 'Failed to fetch things' }]} />
      {query.data ? <p>{query.data}</p> : null}
    </>
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('LoadError', () => {
  it('never shows a bare status text: no server message means the fallback', async () => {
    renderWithProviders(<Page fetcher={() => Promise.reject(new ApiError(500))} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch things')
    expect(screen.queryByText(/Request failed with status/)).not.toBeInTheDocument()
  })

  it('names the offline state when the browser goes offline before a load, and clears when back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => {
      onlineManager.setOnline(false)
      window.dispatchEvent(new Event('offline'))
    })
    renderWithProviders(<Page fetcher={() => Promise.resolve('Loaded thing')} />)
    // The query is paused, not failed: the alert still says why nothing loads.
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_MESSAGE)

    onLine.mockReturnValue(true)
    act(() => {
      onlineManager.setOnline(true)
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('Loaded thing')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
