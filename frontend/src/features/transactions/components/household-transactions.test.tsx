import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Transaction } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { emptySummary, makeTransaction } from '@/test/fixtures'
import { alice, asMember, asViewer, jane, READ_ONLY, serveHousehold } from '@/test/household-handlers'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { wideScreenMatchMedia } from '@/test/media'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const byJane = makeTransaction({ _id: 'tx-jane', description: 'Weekly shop', createdBy: { _id: 'u-jane', name: 'Jane Doe' } })
const byAlice = makeTransaction({ _id: 'tx-alice', description: 'Cinema', createdBy: { _id: 'u1', name: 'Alice Smith' } })
// Made by a member who has since been deleted.
const byNobody = makeTransaction({ _id: 'tx-gone', description: 'Old rent', createdBy: null })

/** Serves `transactions` (and the ledger), recording every list and export query. */
function serveList(transactions: Transaction[] = [byJane, byAlice, byNobody]) {
  const lists: URLSearchParams[] = []
  const exports: URLSearchParams[] = []
  server.use(
    http.get(apiUrl('/transactions'), ({ request }) => {
      lists.push(new URL(request.url).searchParams)
      return HttpResponse.json({
        success: true,
        transactions,
        pagination: { current: 1, pages: 1, total: transactions.length, limit: 20 },
        summary: { ...emptySummary, transactionCount: transactions.length },
      })
    }),
    http.get(apiUrl('/transactions/export.csv'), ({ request }) => {
      exports.push(new URL(request.url).searchParams)
      return new HttpResponse('Date\n', { headers: { 'Content-Type': 'text/csv' } })
    }),
    ...ledgerHandlers(),
  )
  return { lists, exports }
}

function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
}

afterEach(() => vi.restoreAllMocks())

/** The table row of the transaction `description`. */
async function rowOf(description: string) {
  return (await screen.findByRole('link', { name: description })).closest('tr') as HTMLElement
}

describe('the transactions list for a viewer', { timeout: 20_000 }, () => {
  it('disables every change, saying why, and keeps reading and exporting', async () => {
    asViewer()
    serveList()
    wideScreen()
    renderApp('/transactions', { token: 'tok' })
    expect(await screen.findByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    await screen.findByRole('button', { name: 'Edit Weekly shop' })

    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    expect(add).toHaveAccessibleDescription(READ_ONLY)
    const importButton = screen.getByRole('button', { name: 'Import statement' })
    expect(importButton).toBeDisabled()
    expect(importButton).toHaveAccessibleDescription(READ_ONLY)
    for (const name of ['Edit Weekly shop', 'Delete Weekly shop', 'Edit Cinema', 'Delete Cinema']) {
      expect(screen.getByRole('button', { name })).toBeDisabled()
      expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(READ_ONLY)
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Filters' })).toBeEnabled()
  })

  it("disables the phone's Import statement, not its Export CSV", async () => {
    asViewer()
    serveList()
    const { user } = renderApp('/transactions', { token: 'tok' })
    await screen.findByTestId('read-only-hint')
    await user.click(screen.getByRole('button', { name: 'More' }))
    const importItem = await screen.findByRole('menuitem', { name: 'Import statement' })
    expect(importItem).toHaveAttribute('aria-disabled', 'true')
    expect(importItem).not.toHaveAttribute('href')
    expect(importItem).toHaveAccessibleDescription(READ_ONLY)
    expect(screen.getByRole('menuitem', { name: 'Export CSV' })).not.toHaveAttribute('aria-disabled')
  })

  it('leaves a member every change', async () => {
    asMember()
    serveList()
    wideScreen()
    const { user } = renderApp('/transactions', { token: 'tok' })
    // The household has loaded once the By column shows (two members).
    expect(await screen.findByRole('columnheader', { name: 'By' })).toBeInTheDocument()
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Import statement' })).toHaveAttribute('href', '/import')
    expect(screen.getByRole('button', { name: 'Delete Cinema' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Edit Cinema' }))
    expect(await screen.findByRole('dialog', { name: 'Edit Transaction' })).toBeInTheDocument()
  })
})

describe('who made each transaction', { timeout: 20_000 }, () => {
  it('shows the initials of whoever made each row on the table, named in full, with several members', async () => {
    asMember()
    serveList()
    wideScreen()
    renderApp('/transactions', { token: 'tok' })
    expect(await screen.findByRole('columnheader', { name: 'By' })).toBeInTheDocument()

    const jane = within(await rowOf('Weekly shop')).getByRole('img', { name: 'Made by Jane Doe' })
    expect(jane).toHaveTextContent('JD')
    expect(jane).toHaveAttribute('title', 'Made by Jane Doe')
    expect(within(await rowOf('Cinema')).getByRole('img', { name: 'Made by Alice Smith' })).toHaveTextContent('AS')
    // A deleted member: nothing.
    expect(within(await rowOf('Old rent')).queryByRole('img', { name: /^Made by/ })).not.toBeInTheDocument()
  })

  it('shows nothing new in a household of one', async () => {
    serveHousehold(alice('owner'))
    const household = vi.fn()
    server.events.on('response:mocked', ({ request }) => {
      if (new URL(request.url).pathname === '/api/household') household()
    })
    serveList()
    wideScreen()
    renderApp('/transactions', { token: 'tok' })
    await rowOf('Weekly shop')
    await waitFor(() => expect(household).toHaveBeenCalled())
    server.events.removeAllListeners()
    expect(screen.queryByRole('columnheader', { name: 'By' })).not.toBeInTheDocument()
    expect(screen.queryByRole('img', { name: /^Made by/ })).not.toBeInTheDocument()
    await openFilters()
    expect(screen.queryByLabelText('Made by')).not.toBeInTheDocument()
  })

  it('puts the initials beside the account on a phone', async () => {
    asMember()
    serveList([{ ...byJane, date: londonToday() }, { ...byNobody, date: londonToday() }])
    renderApp('/transactions', { token: 'tok' })
    const today = await screen.findByRole('region', { name: 'Today' })
    const badge = await within(today).findByRole('img', { name: 'Made by Jane Doe' })
    expect(badge).toHaveTextContent('JD')
    expect(within(today).getAllByRole('img', { name: /^Made by/ })).toHaveLength(1)
  })
})

async function openFilters() {
  const toggle = await screen.findByRole('button', { name: 'Filters' })
  if (toggle.getAttribute('aria-expanded') !== 'true') toggle.click()
  await screen.findByRole('searchbox', { name: 'Search transactions' })
}

async function chooseMaker(user: UserEvent, name: string) {
  await user.selectOptions(await screen.findByLabelText('Made by'), name)
}

describe("the 'Made by' filter", { timeout: 20_000 }, () => {
  it("offers the household's members, Anyone first, and asks for the rows one of them made", async () => {
    asMember()
    const { lists } = serveList()
    const { user, router } = renderApp('/transactions', { token: 'tok' })
    await openFilters()
    const select = await screen.findByLabelText('Made by')
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Anyone', 'Jane Doe', 'Alice Smith'])
    expect(select).toHaveValue('')

    await chooseMaker(user, 'Jane Doe')
    await waitFor(() => expect(router.state.location.search).toBe('?createdBy=u-jane'))
    await waitFor(() => expect(lists.at(-1)?.get('createdBy')).toBe('u-jane'))
    expect(screen.getByText('Active')).toBeInTheDocument()

    // Anyone again: the unfiltered list (answered from the cache).
    await chooseMaker(user, 'Anyone')
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByText('Active')).not.toBeInTheDocument()
  })

  it('applies to the CSV export too', async () => {
    asMember()
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() })
    const { exports } = serveList()
    wideScreen()
    const { user } = renderApp('/transactions?createdBy=u-jane', { token: 'tok' })
    expect(await screen.findByLabelText('Made by')).toHaveValue('u-jane')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(exports).toHaveLength(1))
    expect(exports[0]!.get('createdBy')).toBe('u-jane')
  })

  it('names a member who has since left as such', async () => {
    serveHousehold(jane(), alice('member'))
    serveList()
    renderApp('/transactions?createdBy=u-gone', { token: 'tok' })
    const select = await screen.findByLabelText('Made by')
    expect(select).toHaveValue('u-gone')
    expect(within(select).getByRole('option', { name: 'A former member' })).toBeInTheDocument()
  })
})

describe('the transaction detail page', { timeout: 20_000 }, () => {
  function serveDetail(transaction: Transaction) {
    server.use(
      ...ledgerHandlers(),
      http.get(apiUrl('/transactions/:id'), () => HttpResponse.json({ success: true, data: transaction })),
    )
  }

  it("says who made it, with several members, and puts a viewer's changes under the reason", async () => {
    asViewer()
    serveDetail(byJane)
    const { user } = renderApp('/transactions/tx-jane', { token: 'tok' })
    expect(await screen.findByText('Made by')).toBeInTheDocument()
    expect(screen.getByText('Jane Doe')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Transaction actions' }))
    const edit = await screen.findByRole('menuitem', { name: 'Edit Transaction' })
    expect(edit).toHaveAttribute('aria-disabled', 'true')
    expect(edit).toHaveAccessibleDescription(READ_ONLY)
    expect(screen.getByRole('menuitem', { name: 'Delete Transaction' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('group', { name: READ_ONLY })).toContainElement(edit)
    expect(screen.getByRole('menuitem', { name: 'Copy Details' })).not.toHaveAttribute('aria-disabled')
  })

  it('names no one in a household of one', async () => {
    serveDetail(byAlice)
    renderApp('/transactions/tx-alice', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Cinema' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByText('Made by')).not.toBeInTheDocument()
  })
})
