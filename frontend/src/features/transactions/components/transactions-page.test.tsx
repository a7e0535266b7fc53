import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Transaction } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { emptySummary, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { wideScreenMatchMedia } from '@/test/media'
import { apiUrl, server } from '@/test/server'

/** Serves `transactions` as page `page` of `pages`, recording every list query. */
function serveList(transactions: Transaction[], pages = 1) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get(apiUrl('/transactions'), ({ request }) => {
      const query = new URL(request.url).searchParams
      queries.push(query)
      return HttpResponse.json({
        success: true,
        transactions,
        pagination: { current: Number(query.get('page')), pages, total: pages * 20, limit: 20 },
        summary: { ...emptySummary, transactionCount: pages * 20 },
      })
    }),
    ...ledgerHandlers(),
  )
  return queries
}

/** Makes every min-width media query match, so the page renders its desktop table. */
function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
}

afterEach(() => vi.restoreAllMocks())

const transfer = makeTransaction({
  _id: 'leg-out',
  description: 'Card repayment',
  amount: -300,
  isTransfer: true,
  categoryId: null,
  relatedTransferTransaction: {
    _id: 'leg-in',
    accountId: { _id: 'acc-card', name: 'Travel Card', type: 'credit_card' },
  },
})

describe('transactions page', () => {
  it("says 'No transactions found' when there are none", async () => {
    serveList([])
    renderApp('/transactions', { token: 'tok' })
    expect(
      await screen.findByText('No transactions found. Add your first transaction to get started!'),
    ).toBeInTheDocument()
  })

  it('on a narrow screen groups by day; a row opens the detail page', async () => {
    const today = londonToday()
    serveList([
      makeTransaction({ _id: 'a', date: today, description: 'Lunch', amount: -12.4, balanceAfterTransaction: 100 }),
      makeTransaction({ _id: 'b', date: today, description: 'Refund', amount: 30, type: 'income' }),
      makeTransaction({ _id: 'c', date: '2020-03-02', description: 'Old one', status: 'declined' }),
    ])
    server.use(
      http.get(apiUrl('/transactions/transfer-suggestions'), () => HttpResponse.json({ success: true, data: [] })),
      http.get(apiUrl('/transactions/:id'), () =>
        HttpResponse.json({ success: true, data: makeTransaction({ _id: 'a', description: 'Lunch' }) }),
      ),
    )
    const { user, pathname } = renderApp('/transactions', { token: 'tok' })
    const todayGroup = await screen.findByRole('region', { name: 'Today' })
    expect(within(todayGroup).getByText('-£12.40')).toBeInTheDocument()
    expect(within(todayGroup).getByText('+£30.00')).toBeInTheDocument()
    expect(within(todayGroup).getByText('Balance £100.00')).toBeInTheDocument()
    // The account has a line of its own under the category, so a long name is not cut short.
    expect(within(todayGroup).getAllByTestId('transaction-row-account').map((line) => line.textContent)).toEqual([
      'Everyday Current',
      'Everyday Current',
    ])
    expect(within(todayGroup).getAllByText('Groceries')).toHaveLength(2)
    // The day's total, in pence: 30.00 − 12.40.
    expect(within(todayGroup).getByText('+£17.60')).toBeInTheDocument()
    const old = screen.getByRole('region', { name: 'Monday, 2 March 2020' })
    expect(within(old).getByText('Declined')).toBeInTheDocument()
    expect(within(old).getByText('Wrong or expired details')).toBeInTheDocument()

    await user.click(within(todayGroup).getByText('Lunch'))
    await waitFor(() => expect(pathname()).toBe('/transactions/a'))
    expect(await screen.findByRole('heading', { name: 'Lunch' })).toBeInTheDocument()
  })

  it('pages through 20 at a time with the page kept in the URL', async () => {
    const queries = serveList([makeTransaction()], 3)
    const { user, router } = renderApp('/transactions', { token: 'tok' })
    await screen.findByText('Showing 1–20 of 60')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'))
    expect(queries.at(-1)?.get('limit')).toBe('20')
  })

  it("on a wide screen offers no edit or delete of a transfer with another member's private account", async () => {
    wideScreen()
    const topUp = makeTransaction({
      _id: 'tx-top-up',
      description: 'Rainy day top-up',
      amount: -20,
      isTransfer: true,
      categoryId: null,
      relatedTransferTransaction: { _id: null, accountId: { _id: null, name: 'Private account' } },
    })
    serveList([makeTransaction(), topUp])
    renderApp('/transactions', { token: 'tok' })
    const table = await screen.findByRole('table')
    const row = within(table).getByText('Rainy day top-up').closest('tr')!
    expect(row).toHaveTextContent('Everyday Current → Private account')
    expect(within(row).queryByRole('button')).not.toBeInTheDocument()
    expect(within(row).getByLabelText("Only the private account's owner can change this transfer")).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Edit Weekly shop' })).toBeInTheDocument()
  })

  it('on a wide screen shows the table; a transfer is edited and deleted as a transfer', async () => {
    wideScreen()
    serveList([makeTransaction(), transfer])
    let deletedPath = ''
    server.use(
      http.delete(apiUrl('/transfers/:id'), ({ params }) => {
        deletedPath = `/transfers/${params.id as string}`
        return HttpResponse.json({ success: true, message: 'Transfer deleted successfully' })
      }),
    )
    const { user } = renderApp('/transactions', { token: 'tok' })
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Description',
      'Category',
      'Account',
      'Type',
      'Amount',
      'Date',
      'Notes',
      'Actions',
    ])
    expect(within(table).getByRole('button', { name: 'Edit Weekly shop' })).toBeInTheDocument()
    await user.click(within(table).getByRole('button', { name: 'Edit Card repayment' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Transfer' })
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Transfer' })).not.toBeInTheDocument())
    // A transfer leg names both accounts, from → to, whichever account's row it is.
    const repayment = within(table).getByRole('link', { name: 'Card repayment' }).closest('tr')!
    expect(within(repayment).getByText(`${transfer.accountId.name} → Travel Card`)).toBeInTheDocument()
    expect(within(repayment).getByText(transfer.accountId.name)).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Delete Card repayment' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transfer' })
    expect(
      within(dialog).getByText('Are you sure you want to delete this transaction? This action cannot be undone.'),
    ).toBeInTheDocument()
    // The confirmation names what goes: description, date, both accounts and the amount.
    const deleting = within(dialog).getByTestId('deleting')
    expect(deleting).toHaveTextContent('Card repayment')
    expect(deleting).toHaveTextContent(`${transfer.accountId.name} → Travel Card`)
    expect(deleting).toHaveTextContent(/-£\d/)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(deletedPath).toBe('/transfers/leg-out'))
  })

  it('adds a Balance column when the list is filtered to one account', async () => {
    wideScreen()
    serveList([makeTransaction({ balanceAfterTransaction: 987.5 })])
    renderApp('/transactions?account=acc-current', { token: 'tok' })
    const table = await screen.findByRole('table')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    // The Balance column takes the Account column's place: every row is that account's.
    expect(headers.slice(0, 5)).toEqual(['Description', 'Category', 'Type', 'Amount', 'Balance'])
    expect(within(table).getByText('£987.50')).toBeInTheDocument()
  })
})
