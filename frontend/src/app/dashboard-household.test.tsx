import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { emptySummary, makeTransaction, makeUser } from '@/test/fixtures'
import { asMember, asViewer, expectReadOnly, READ_ONLY } from '@/test/household-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

// The dashboard as the app renders it, with the household that SessionSync reads beside it.

function serveDashboard() {
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
    ...dashboardHandlers(),
    // Recent Activity's page of five: one row each by Jane (the owner) and by Alice.
    http.get(apiUrl('/transactions'), ({ request }) => {
      if (new URL(request.url).searchParams.get('limit') !== '5') return undefined
      return HttpResponse.json({
        success: true,
        transactions: [
          makeTransaction({ _id: 'tx-1', description: 'Weekly shop', createdBy: { _id: 'u-jane', name: 'Jane Doe' } }),
          makeTransaction({ _id: 'tx-2', description: 'Bus fare', amount: -2.5, createdBy: { _id: 'u1', name: 'Alice Smith' } }),
        ],
        pagination: { current: 1, pages: 1, total: 2, limit: 5 },
        summary: emptySummary,
      })
    }),
  )
}

// The cards below the first view come in turns after the first paint: their waits, and the tests'
// limit, allow for a loaded machine.
describe('the dashboard in a household', { timeout: 15_000 }, () => {
  it("disables a viewer's floating Add and Quick Actions' Add, saying why in words", async () => {
    asViewer()
    serveDashboard()
    renderApp('/dashboard', { token: 'tok' })
    const fab = await screen.findByRole('button', { name: 'Add transaction' })
    await waitFor(() => expect(fab).toBeDisabled())
    expectReadOnly(fab)
    // Quick Actions come in their turn after the first paint.
    expectReadOnly(await screen.findByRole('button', { name: 'Add' }, { timeout: 5_000 }))
    // A phone shows no tooltip: the page says it under the greeting.
    expect(await screen.findByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    // Nothing asks them to do what they cannot: no getting-started steps, no 'Set a goal'.
    expect(await screen.findByText('No goals yet')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Set a goal' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument()
  }, 20_000)

  it('offers a viewer of a household with no accounts no Add Account', async () => {
    asViewer()
    serveDashboard()
    server.use(
      http.get(apiUrl('/accounts'), () =>
        HttpResponse.json({ success: true, data: { accounts: [], netWorth: 0, totalAccounts: 0 } }),
      ),
    )
    renderApp('/dashboard', { token: 'tok' })
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument()
    await screen.findByTestId('read-only-hint')
    expect(screen.queryByRole('link', { name: 'Add Account' })).not.toBeInTheDocument()
  }, 20_000)

  it('names who made each recent transaction by first name', async () => {
    asViewer()
    serveDashboard()
    renderApp('/dashboard', { token: 'tok' })
    const card = await screen.findByRole('region', { name: 'Recent Activity' })
    const rows = await within(card).findAllByTestId('activity-row')
    expect(rows.map((r) => within(r).getByTestId('activity-maker').textContent)).toEqual([
      'Jane · 15/06/2026',
      'Alice · 15/06/2026',
    ])
    expect(within(rows[0]).getByText('Weekly shop').closest('a')).toHaveAttribute('href', '/transactions/tx-1')
  }, 20_000)

  it("leaves a member's Add buttons as they were, with no hint", async () => {
    asMember()
    serveDashboard()
    renderApp('/dashboard', { token: 'tok' })
    // The household has loaded once Recent Activity shows (two members).
    await screen.findByRole('region', { name: 'Recent Activity' })
    expect(screen.getByRole('button', { name: 'Add transaction' })).toBeEnabled()
    expect(await screen.findByRole('button', { name: 'Add' }, { timeout: 5_000 })).toBeEnabled()
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Set a goal' }, { timeout: 5_000 })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Get started' })).toBeInTheDocument()
  }, 20_000)

  it('shows a household of one no Recent Activity (who made what goes without saying)', async () => {
    serveDashboard()
    renderApp('/dashboard', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Savings Goals' }, { timeout: 5_000 })
    // Give the household's answer time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByRole('region', { name: 'Recent Activity' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add transaction' })).toBeEnabled()
  }, 20_000)
})
