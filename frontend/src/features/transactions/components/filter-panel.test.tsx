import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { emptySummary, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

/** Records the query of every GET /transactions and answers with one row and a summary. */
function recordListRequests() {
  const queries: URLSearchParams[] = []
  // The first matching handler answers, so the recording one goes first.
  server.use(
    http.get(apiUrl('/transactions'), ({ request }) => {
      const query = new URL(request.url).searchParams
      queries.push(query)
      return HttpResponse.json({
        success: true,
        transactions: [makeTransaction()],
        pagination: { current: 1, pages: 1, total: 1, limit: 20 },
        summary: {
          ...emptySummary,
          totalIncome: 2500,
          totalExpenses: -368.86,
          netAmount: 2131.14,
          balance: 2131.14,
          transactionCount: 7,
          transferLegCount: 2,
          declinedCount: 1,
        },
      })
    }),
    ...ledgerHandlers(),
  )
  return queries
}

async function openPanel(user: ReturnType<typeof renderApp>['user']) {
  const toggle = await screen.findByRole('button', { name: 'Filters' })
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle)
  return screen.findByRole('searchbox', { name: 'Search transactions' })
}

describe('transaction filters', () => {
  it('shows the server summary and asks for page 1 of 20 with transfers', async () => {
    const queries = recordListRequests()
    renderApp('/transactions', { token: 'tok' })
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    expect(screen.getByTestId('tile-Total Expenses')).toHaveTextContent('£368.86')
    expect(screen.getByTestId('tile-Net Amount')).toHaveTextContent('£2,131.14')
    expect(screen.getByTestId('tile-Transactions')).toHaveTextContent('7')
    expect(screen.getByText('10 rows incl. 2 transfer legs and 1 declined')).toBeInTheDocument()
    expect(Object.fromEntries(queries[0]!)).toEqual({ page: '1', limit: '20', includeTransfers: 'true' })
    expect(screen.queryByText('Active')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled()
  })

  it('sends the search once typing pauses, not for every key', async () => {
    const queries = recordListRequests()
    const { user, router } = renderApp('/transactions', { token: 'tok' })
    const search = await openPanel(user)
    await screen.findByText('Weekly shop')
    const before = queries.length

    await user.type(search, 'lisbon')
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('lisbon'))
    const sent = queries.slice(before).map((q) => q.get('search'))
    expect(sent).toEqual(['lisbon'])
    expect(router.state.location.search).toBe('?search=lisbon')
    expect(screen.getByText('Active')).toBeInTheDocument()
  })

  it('shows the Active chip for a filter from the URL and Clear All removes every filter', async () => {
    const queries = recordListRequests()
    const { user, router } = renderApp(
      '/transactions?type=expense&search=shop&startDate=2026-11-01&endDate=2026-11-30&page=2',
      { token: 'tok' },
    )
    expect(await screen.findByText('Active')).toBeInTheDocument()
    await waitFor(() => expect(queries.length).toBeGreaterThan(0))
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({
      type: 'expense',
      search: 'shop',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      page: '2',
    })
    // The panel opens by itself when filters are set.
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveValue('shop')
    expect(screen.getByLabelText('Type')).toHaveValue('expense')

    await user.click(screen.getByRole('button', { name: 'Clear All' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByText('Active')).not.toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveValue('')
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({ page: '1', limit: '20', includeTransfers: 'true' }),
    )
  })

  it('sets the dates from a quick filter chip', async () => {
    recordListRequests()
    const { user, router } = renderApp('/transactions', { token: 'tok' })
    await openPanel(user)
    await user.click(screen.getByRole('button', { name: 'This Year' }))
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric' }).format(new Date())
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?startDate=${year}-01-01&endDate=${year}-12-31`),
    )
    expect(screen.getByRole('button', { name: 'This Year' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Start Date')).toHaveValue(`01/01/${year}`)
    expect(screen.getByLabelText('End Date')).toHaveValue(`31/12/${year}`)
  })

  it('filters by dates typed as dd/mm/yyyy once each field is left', async () => {
    const queries = recordListRequests()
    const { user, router } = renderApp('/transactions', { token: 'tok' })
    await openPanel(user)
    await user.type(screen.getByLabelText('Start Date'), '1/11/2026')
    // Nothing is asked for while typing.
    expect(router.state.location.search).toBe('')
    await user.type(screen.getByLabelText('End Date'), '30.11.2026{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toBe('?startDate=2026-11-01&endDate=2026-11-30'),
    )
    expect(screen.getByLabelText('Start Date')).toHaveValue('01/11/2026')
    expect(screen.getByLabelText('End Date')).toHaveValue('30/11/2026')
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30' }),
    )
  })

  it('uses the credit-account listing for a credit card filter', async () => {
    const seen: string[] = []
    server.use(
      ...ledgerHandlers({
        accounts: [
          {
            _id: 'acc-card',
            name: 'Travel Card',
            type: 'credit_card',
            initialBalance: 0,
            currentBalance: -100,
            calculatedBalance: -100,
            creditLimit: 2000,
            totalIncome: 0,
            totalExpenses: -100,
            totalTransfers: 0,
            visibility: 'household',
            ownerId: 'u1',
            createdAt: '2026-01-01T00:00:00Z',
          },
        ],
      }),
      http.get(apiUrl('/transactions/credit-account/:id'), ({ params, request }) => {
        seen.push(`${params.id as string}?${new URL(request.url).searchParams}`)
        return HttpResponse.json({
          success: true,
          transactions: [],
          pagination: { current: 1, pages: 0, total: 0, limit: 20 },
          summary: {
            ...emptySummary,
            totalTransfers: 0,
            creditLimit: 2000,
            availableCredit: 1900,
            currentDebt: 100,
            existingDebt: 0,
            creditUsed: 5,
          },
          creditAccount: {},
        })
      }),
    )
    renderApp('/transactions?account=acc-card', { token: 'tok' })
    await waitFor(() => expect(screen.getByTestId('tile-Credit Limit')).toHaveTextContent('£2,000.00'))
    expect(screen.getByTestId('tile-Available Credit')).toHaveTextContent('£1,900.00')
    expect(screen.getByTestId('tile-Credit Used')).toHaveTextContent('5.0%')
    expect(seen).toEqual(['acc-card?page=1&limit=20&includeTransfers=true'])
    expect(
      // An account filter that matches nothing is 'nothing matches', not 'nothing yet'.
      screen.getByText('No transactions match your filters'),
    ).toBeInTheDocument()
  })

  it("shows the server's message when the list fails, and can dismiss it", async () => {
    server.use(
      http.get(apiUrl('/transactions'), () =>
        HttpResponse.json({ success: false, message: 'Start date must be on or before the end date' }, { status: 400 }),
      ),
      ...ledgerHandlers(),
    )
    const { user } = renderApp('/transactions', { token: 'tok' })
    await screen.findByText('Start date must be on or before the end date')
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText('Start date must be on or before the end date')).not.toBeInTheDocument()
  })
})
