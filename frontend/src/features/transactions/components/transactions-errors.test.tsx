import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_MESSAGE } from '@/components/load-error'
import type { Transaction } from '@/lib/api/types'
import { emptySummary, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const SERVER_MESSAGE = 'Something went wrong on our side. Please try again.'
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.'

function listBody(transactions: Transaction[], page = 1, pages = 1) {
  return {
    success: true,
    transactions,
    pagination: { current: page, pages, total: pages * 20, limit: 20 },
    summary: { ...emptySummary, transactionCount: transactions.length },
  }
}

/** Answers the list with each of `answers` in turn (the last one repeats). */
function serveListAnswers(...answers: (() => Response)[]) {
  let calls = 0
  server.use(
    http.get(apiUrl('/transactions'), () => {
      const answer = answers[Math.min(calls, answers.length - 1)]
      calls += 1
      return answer()
    }),
    ...ledgerHandlers(),
  )
  return () => calls
}

const lunch = makeTransaction({ _id: 't1', description: 'Lunch at the cafe' })
const ok = () => HttpResponse.json(listBody([lunch]))

afterEach(() => vi.restoreAllMocks())

describe('transactions page load errors', () => {
  it("shows the server's message once, and Retry loads the list", async () => {
    const calls = serveListAnswers(
      () => HttpResponse.json({ success: false, code: 'internal', message: SERVER_MESSAGE }, { status: 500 }),
      ok,
    )
    const { user } = renderApp('/transactions', { token: 'tok' })

    expect(await screen.findByText(SERVER_MESSAGE)).toBeInTheDocument()
    expect(screen.getAllByText(SERVER_MESSAGE)).toHaveLength(1)
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await screen.findAllByText('Lunch at the cafe')).length).toBeGreaterThan(0)
    expect(calls()).toBe(2)
    await waitFor(() => expect(screen.queryByText(SERVER_MESSAGE)).not.toBeInTheDocument())
  })

  it("shows the page's fallback for a 500 without a message", async () => {
    serveListAnswers(() => new HttpResponse(null, { status: 500 }))
    renderApp('/transactions', { token: 'tok' })
    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument()
    expect(screen.queryByText(/Request failed with status/)).not.toBeInTheDocument()
  })

  it("shows the 'unavailable' message while the database is down", async () => {
    serveListAnswers(() =>
      HttpResponse.json({ success: false, code: 'unavailable', message: UNAVAILABLE }, { status: 503 }),
    )
    renderApp('/transactions', { token: 'tok' })
    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('shows one alert when the list, the accounts and the categories all fail', async () => {
    server.use(
      http.get(apiUrl('/transactions'), () => new HttpResponse(null, { status: 500 })),
      http.get(apiUrl('/accounts'), () => new HttpResponse(null, { status: 500 })),
      http.get(apiUrl('/categories'), () => new HttpResponse(null, { status: 500 })),
      ...ledgerHandlers(),
    )
    renderApp('/transactions', { token: 'tok' })
    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))
    expect(screen.queryByText('Failed to fetch accounts')).not.toBeInTheDocument()
    expect(screen.queryByText('Failed to fetch categories')).not.toBeInTheDocument()
    // What could load stays: the heading and the filters.
    expect(screen.getByRole('heading', { name: 'Transactions' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeInTheDocument()
  })

  it('says the browser is offline when a call cannot reach the server, and Retry works once back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    serveListAnswers(() => HttpResponse.error(), ok)
    const { user } = renderApp('/transactions', { token: 'tok' })

    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(1)

    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await screen.findAllByText('Lunch at the cafe')).length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument())
  })
})

describe('transactions page empty states and pages', () => {
  it("tells 'nothing matches' from 'nothing yet', and Clear filters resets every filter", async () => {
    const queries: URLSearchParams[] = []
    server.use(
      http.get(apiUrl('/transactions'), ({ request }) => {
        const query = new URL(request.url).searchParams
        queries.push(query)
        return HttpResponse.json(listBody(query.get('search') ? [] : [lunch]))
      }),
      ...ledgerHandlers(),
    )
    const { user, router } = renderApp('/transactions?search=zzz&type=expense', { token: 'tok' })

    expect(await screen.findByText('No transactions match your filters')).toBeInTheDocument()
    expect(
      screen.queryByText('No transactions found. Add your first transaction to get started!'),
    ).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect((await screen.findAllByText('Lunch at the cafe')).length).toBeGreaterThan(0)
    expect(router.state.location.search).toBe('')
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveValue('')
    const last = queries.at(-1)!
    expect(last.get('search')).toBeNull()
    expect(last.get('type')).toBeNull()
  })

  it('moves a page past the end to the last page', async () => {
    const pages: string[] = []
    server.use(
      http.get(apiUrl('/transactions'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        pages.push(String(page))
        const rows = page <= 3 ? [makeTransaction({ _id: `p${page}`, description: `Row on page ${page}` })] : []
        return HttpResponse.json(listBody(rows, page, 3))
      }),
      ...ledgerHandlers(),
    )
    const { router } = renderApp('/transactions?page=99', { token: 'tok' })

    expect((await screen.findAllByText('Row on page 3')).length).toBeGreaterThan(0)
    expect(router.state.location.search).toBe('?page=3')
    expect(pages).toEqual(['99', '3'])
    expect(screen.queryByText(/No transactions/)).not.toBeInTheDocument()
  })
})
