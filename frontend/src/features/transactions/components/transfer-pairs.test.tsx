import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import type { Transaction } from '@/lib/api/types'
import { expectNoAriaViolations } from '@/test/axe'
import { makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { wideScreenMatchMedia } from '@/test/media'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { TransferSuggestion } from '../api/get-transfer-suggestions'

const current = { _id: 'acc-current', name: 'Everyday Current', type: 'current' as const }
const card = { _id: 'acc-card', name: 'Rewards Credit Card', type: 'credit_card' as const }

const payment = makeTransaction({
  _id: 'out-1',
  description: 'CARD PAYMENT',
  amount: -350,
  date: '2026-11-20',
  accountId: current,
  looksLikeTransfer: true,
})
const received = makeTransaction({
  _id: 'in-1',
  description: 'PAYMENT RECEIVED',
  amount: 350,
  type: 'income',
  date: '2026-11-22',
  accountId: card,
  categoryId: { _id: 'cat-income', name: 'Other Income', color: '#4CAF50' },
  looksLikeTransfer: true,
})
const lunch = makeTransaction({ _id: 'tx-lunch', description: 'Lunch', amount: -12 })

const suggestion = (out: Transaction, into: Transaction): TransferSuggestion => ({
  out: { _id: out._id, accountId: out.accountId, amount: out.amount, date: out.date, description: out.description },
  in: { _id: into._id, accountId: into.accountId, amount: into.amount, date: into.date, description: into.description },
})

/**
 * A small ledger server: the list, the rows' pages and the suggestions, which POST …/pair and
 * DELETE …/pair change. `refusal` makes the pair a 400 with that message.
 */
function serveLedger(options: { transactions: Transaction[]; suggestions: TransferSuggestion[]; refusal?: string }) {
  const state = {
    transactions: options.transactions,
    suggestions: options.suggestions,
    sent: [] as { method: string; path: string; body: unknown }[],
  }
  const byId = (id: unknown) => state.transactions.find((t) => t._id === id)
  server.use(
    http.get(apiUrl('/transactions/transfer-suggestions'), () =>
      HttpResponse.json({ success: true, data: state.suggestions }),
    ),
    http.get(apiUrl('/transactions'), () =>
      HttpResponse.json({
        success: true,
        transactions: state.transactions,
        pagination: { current: 1, pages: 1, total: state.transactions.length, limit: 20 },
        summary: {
          totalIncome: 0,
          totalExpenses: 0,
          balance: 0,
          netAmount: 0,
          transactionCount: state.transactions.length,
          transferLegCount: 0,
          declinedCount: 0,
        },
      }),
    ),
    http.get(apiUrl('/transactions/:id'), ({ params }) =>
      byId(params.id)
        ? HttpResponse.json({ success: true, data: byId(params.id) })
        : HttpResponse.json({ success: false, message: 'Transaction not found' }, { status: 404 }),
    ),
    http.post(apiUrl('/transactions/:id/pair'), async ({ request, params }) => {
      const body = (await request.json()) as { withId: string }
      state.sent.push({ method: 'POST', path: new URL(request.url).pathname, body })
      if (options.refusal) return HttpResponse.json({ success: false, message: options.refusal }, { status: 400 })
      const ids = [params.id, body.withId]
      state.transactions = state.transactions.map((t) =>
        ids.includes(t._id) ? { ...t, isTransfer: true, paired: 'manual', looksLikeTransfer: false, categoryId: null } : t,
      )
      state.suggestions = state.suggestions.filter((s) => !ids.includes(s.out._id) && !ids.includes(s.in._id))
      return HttpResponse.json({ success: true, data: {}, message: 'Marked as a transfer' })
    }),
    http.delete(apiUrl('/transactions/:id/pair'), ({ request, params }) => {
      state.sent.push({ method: 'DELETE', path: new URL(request.url).pathname, body: undefined })
      state.transactions = state.transactions.map((t) =>
        t._id === params.id ? { ...payment, looksLikeTransfer: false } : t,
      )
      return HttpResponse.json({ success: true, data: [payment, received], message: 'No longer a transfer' })
    }),
    ...ledgerHandlers(),
  )
  return state
}

beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe('transfer suggestions on /transactions', () => {
  it('lists the pairs; one tap pairs them and the card goes once the list is fetched again', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    const state = serveLedger({ transactions: [payment, received, lunch], suggestions: [suggestion(payment, received)] })
    const { user } = renderApp('/transactions', { token: 'tok' })
    const cardRegion = await screen.findByRole('region', { name: 'Looks like transfers' })
    expect(within(cardRegion).getByText('1')).toBeInTheDocument()
    const pair = within(cardRegion).getByTestId('transfer-pair')
    expect(pair).toHaveTextContent('£350.00 from Everyday Current (20/11/2026) to Rewards Credit Card (22/11/2026)')
    expect(pair).toHaveTextContent('CARD PAYMENT · PAYMENT RECEIVED')
    await expectNoAriaViolations(cardRegion)

    const table = screen.getByRole('table')
    const rowOf = (name: string) => within(table).getByRole('link', { name }).closest('tr')!
    expect(within(rowOf('CARD PAYMENT')).getByText('Looks like a transfer')).toBeInTheDocument()
    expect(within(rowOf('PAYMENT RECEIVED')).getByText('Looks like a transfer')).toBeInTheDocument()
    expect(within(rowOf('Lunch')).queryByText('Looks like a transfer')).not.toBeInTheDocument()

    await user.click(within(cardRegion).getByRole('button', { name: 'Mark as transfer' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Looks like transfers' })).not.toBeInTheDocument())
    expect(state.sent).toEqual([{ method: 'POST', path: '/api/transactions/out-1/pair', body: { withId: 'in-1' } }])
    expect(await screen.findByText('Marked as a transfer')).toBeInTheDocument()
    expect(within(rowOf('CARD PAYMENT')).getByText('Transfer')).toBeInTheDocument()
    expect(within(table).queryByText('Looks like a transfer')).not.toBeInTheDocument()
  })

  it("shows the server's reason when the rows cannot be one transfer", async () => {
    serveLedger({
      transactions: [payment, received],
      suggestions: [suggestion(payment, received)],
      refusal: 'These rows differ in amount',
    })
    const { user } = renderApp('/transactions', { token: 'tok' })
    const cardRegion = await screen.findByRole('region', { name: 'Looks like transfers' })
    await user.click(within(cardRegion).getByRole('button', { name: 'Mark as transfer' }))
    expect(await within(cardRegion).findByText('These rows differ in amount')).toBeInTheDocument()
    expect(within(cardRegion).getByRole('button', { name: 'Mark as transfer' })).toBeEnabled()
  })

  it('shows three pairs, then all of them on request; none is no card', async () => {
    const rows = [1, 2, 3, 4, 5].map((n) => [
      makeTransaction({ ...payment, _id: `out-${n}`, description: `PAYMENT ${n}` }),
      makeTransaction({ ...received, _id: `in-${n}` }),
    ])
    serveLedger({ transactions: [lunch], suggestions: rows.map(([out, into]) => suggestion(out!, into!)) })
    const { user } = renderApp('/transactions', { token: 'tok' })
    const cardRegion = await screen.findByRole('region', { name: 'Looks like transfers' })
    expect(within(cardRegion).getAllByTestId('transfer-pair')).toHaveLength(3)
    await user.click(within(cardRegion).getByRole('button', { name: 'Show all (5)' }))
    expect(within(cardRegion).getAllByTestId('transfer-pair')).toHaveLength(5)
    expect(within(cardRegion).getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('shows no card and no badge without suggestions (the phone list)', async () => {
    serveLedger({ transactions: [lunch], suggestions: [] })
    renderApp('/transactions', { token: 'tok' })
    expect(await screen.findByText('Lunch')).toBeInTheDocument()
    expect(screen.queryByText('Looks like transfers')).not.toBeInTheDocument()
    expect(screen.queryByText('Looks like a transfer')).not.toBeInTheDocument()
  })

  it('badges the rows that look like a transfer in the phone list', async () => {
    serveLedger({ transactions: [payment, lunch], suggestions: [] })
    renderApp('/transactions', { token: 'tok' })
    const rows = await screen.findAllByTestId('transaction-row')
    expect(within(rows[0]!).getByText('Looks like a transfer')).toBeInTheDocument()
    expect(within(rows[1]!).queryByText('Looks like a transfer')).not.toBeInTheDocument()
  })
})

describe("transfer pairing on a transaction's page", () => {
  it('offers the candidates of a row that looks like a transfer and pairs it', async () => {
    const state = serveLedger({ transactions: [payment, received], suggestions: [suggestion(payment, received)] })
    const { user } = renderApp('/transactions/in-1', { token: 'tok' })
    const section = await screen.findByRole('region', { name: 'Looks like a transfer' })
    expect(within(section).getByTestId('transfer-pair')).toHaveTextContent('£350.00 from Everyday Current')
    await user.click(within(section).getByRole('button', { name: 'Mark as transfer' }))
    expect(await screen.findByRole('region', { name: 'Paired transfer' })).toBeInTheDocument()
    expect(state.sent).toEqual([{ method: 'POST', path: '/api/transactions/out-1/pair', body: { withId: 'in-1' } }])
    expect(screen.queryByRole('region', { name: 'Looks like a transfer' })).not.toBeInTheDocument()
  })

  it("separates a paired transfer with 'Not a transfer' and shows the row as ordinary again", async () => {
    const paired = { ...payment, isTransfer: true, paired: 'auto' as const, looksLikeTransfer: false, categoryId: null }
    const state = serveLedger({ transactions: [paired], suggestions: [] })
    const { user } = renderApp('/transactions/out-1', { token: 'tok' })
    const section = await screen.findByRole('region', { name: 'Paired transfer' })
    expect(section).toHaveTextContent(
      'These two rows were paired into a transfer. Undo to count them as spending and income again.',
    )
    await user.click(within(section).getByRole('button', { name: 'Not a transfer' }))
    expect(await screen.findByText('Purchase')).toBeInTheDocument()
    expect(state.sent).toEqual([{ method: 'DELETE', path: '/api/transactions/out-1/pair', body: undefined }])
    expect(screen.getByText('No longer a transfer')).toBeInTheDocument()
    expect(screen.getByText('Business type').parentElement).toHaveTextContent('Groceries')
    expect(screen.queryByRole('region', { name: 'Paired transfer' })).not.toBeInTheDocument()
  })

  it("offers nothing for a transfer entered as one", async () => {
    serveLedger({ transactions: [{ ...payment, isTransfer: true, paired: null, looksLikeTransfer: false }], suggestions: [] })
    renderApp('/transactions/out-1', { token: 'tok' })
    expect(await screen.findByText('Transfer')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Not a transfer' })).not.toBeInTheDocument()
    expect(screen.queryByText('Looks like a transfer')).not.toBeInTheDocument()
  })
})
