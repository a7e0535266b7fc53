import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { emptySummary, makeTag, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { screenMatchMedia } from '@/test/media'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const holiday = makeTag()
const kids = makeTag({ _id: 'tag-kids', name: 'Kids', color: '#4CAF50' })
const tagged = makeTransaction({
  description: 'Beach toys',
  tags: [
    { _id: holiday._id, name: holiday.name, color: holiday.color },
    { _id: kids._id, name: kids.name, color: kids.color },
  ],
})

/** Records the query of every GET /transactions. */
function recordListRequests() {
  const queries: URLSearchParams[] = []
  server.use(
    http.get(apiUrl('/transactions'), ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json({
        success: true,
        transactions: [tagged],
        pagination: { current: 1, pages: 1, total: 1, limit: 20 },
        summary: { ...emptySummary, transactionCount: 1 },
      })
    }),
    ...ledgerHandlers({ tags: [holiday, kids] }),
  )
  return queries
}

describe('the tag filter and the tags on each row', () => {
  it('filters by one tag, then by two with any or all, keeping the choice in the URL', async () => {
    const queries = recordListRequests()
    const { user, router } = renderApp('/transactions', { token: 'tok' })
    const toggle = await screen.findByRole('button', { name: 'Filters' })
    await user.click(toggle)
    const group = await screen.findByRole('group', { name: 'Tags' })
    await user.click(within(group).getByRole('button', { name: 'Kids' }))
    await waitFor(() => expect(queries.at(-1)?.get('tags')).toBe('tag-kids'))
    expect(queries.at(-1)?.get('tagMode')).toBeNull()
    expect(within(group).queryByRole('radiogroup')).not.toBeInTheDocument()

    await user.click(within(group).getByRole('button', { name: 'Holiday 2026' }))
    await waitFor(() => expect(queries.at(-1)?.get('tags')).toBe('tag-kids,tag-holiday'))
    await user.click(within(group).getByRole('radio', { name: 'All' }))
    await waitFor(() => expect(queries.at(-1)?.get('tagMode')).toBe('all'))
    expect(router.state.location.search).toContain('tagMode=all')
    expect(within(group).getByRole('button', { name: 'Kids' })).toHaveAttribute('aria-pressed', 'true')

    // Off again, one by one: no tags, no 'all' either.
    await user.click(within(group).getByRole('button', { name: 'Kids' }))
    await user.click(within(group).getByRole('button', { name: 'Holiday 2026' }))
    await waitFor(() => expect(router.state.location.search).not.toContain('tags='))
    expect(router.state.location.search).not.toContain('tagMode')
  })

  it('reads the filter from the address, and shows each row its tags on the table and on a phone', async () => {
    const queries = recordListRequests()
    renderApp('/transactions?tags=tag-holiday,tag-kids&tagMode=all', { token: 'tok' })
    await waitFor(() => expect(queries.at(-1)?.get('tagMode')).toBe('all'))
    expect(queries.at(-1)?.get('tags')).toBe('tag-holiday,tag-kids')
    const row = (await screen.findAllByText('Beach toys'))[0].closest('tr, li, [data-testid]') ?? document.body
    expect(within(row as HTMLElement).getAllByTestId('tag-chip').map((c) => c.textContent)).toEqual(['Holiday 2026', 'Kids'])
  })

  it('shows the tags under a row on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(screenMatchMedia(375))
    recordListRequests()
    renderApp('/transactions', { token: 'tok' })
    const chips = await screen.findAllByTestId('tag-chip')
    expect(chips.map((c) => c.textContent)).toEqual(['Holiday 2026', 'Kids'])
  })
})
