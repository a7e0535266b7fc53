import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptySummary, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { wideScreenMatchMedia } from '@/test/media'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { PENDING_HINT } from './pending-badge'

const coffee = makeTransaction({ _id: 'tx-coffee', description: 'COFFEE SHOP', status: 'pending' })
const rent = makeTransaction({ _id: 'tx-rent', description: 'LANDLORD', status: 'completed' })

function serveList() {
  server.use(
    http.get(apiUrl('/transactions'), () =>
      HttpResponse.json({
        success: true,
        transactions: [coffee, rent],
        pagination: { current: 1, pages: 1, total: 2, limit: 20 },
        summary: { ...emptySummary, transactionCount: 2 },
      }),
    ),
    ...ledgerHandlers(),
  )
}

afterEach(() => vi.restoreAllMocks())

describe("a bank's pending row in the transactions list", { timeout: 20_000 }, () => {
  it('is marked Pending in the table, with why, and a booked row is not', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    serveList()
    renderApp('/transactions', { token: 'tok' })
    const row = (name: string) => screen.findByRole('link', { name }).then((l) => l.closest('tr') as HTMLElement)
    const pending = within(await row('COFFEE SHOP')).getByText('Pending')
    expect(pending).toHaveAttribute('title', PENDING_HINT)
    expect(within(await row('LANDLORD')).queryByText('Pending')).not.toBeInTheDocument()
  })

  it('is marked Pending in the phone list too', async () => {
    serveList()
    renderApp('/transactions', { token: 'tok' })
    await screen.findByText('LANDLORD')
    expect(screen.getAllByText('Pending')).toHaveLength(1)
    expect(screen.getByText('COFFEE SHOP').parentElement).toHaveTextContent('Pending')
  })
})
