import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '@/lib/api/types'
import { makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { closeMenu, highlightMenuItem } from '@/test/menu'

function serveDetail(t: Transaction) {
  server.use(
    http.get(apiUrl('/transactions/:id'), ({ params }) =>
      params.id === t._id
        ? HttpResponse.json({ success: true, data: t })
        : HttpResponse.json({ success: false, message: 'Transaction not found' }, { status: 404 }),
    ),
    ...ledgerHandlers(),
  )
}

type User = ReturnType<typeof renderApp>['user']

/** Picks a menu entry with the keyboard (see app-layout.test.tsx for why). */
async function choose(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: 'Transaction actions' }))
  const item = await screen.findByRole('menuitem', { name })
  await highlightMenuItem(user, item)
  await user.keyboard('{Enter}')
}

describe('transaction detail page', () => {
  it('shows a purchase with its placeholders', async () => {
    serveDetail(makeTransaction({ amount: -84.37, balanceAfterTransaction: 915.63, notes: 'Big shop' }))
    renderApp('/transactions/tx-1', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument()
    expect(screen.getByTestId('detail-amount')).toHaveTextContent('-£84.37')
    expect(screen.getByText('Purchase')).toBeInTheDocument()
    const row = (label: string) => screen.getByText(label).parentElement!
    expect(row('Account')).toHaveTextContent('Everyday Current')
    expect(row('Transaction date')).toHaveTextContent('15/06/2026')
    expect(row('Location')).toHaveTextContent('Not available')
    expect(row('Business type')).toHaveTextContent('Groceries')
    expect(row('Card ending')).toHaveTextContent('••••')
    expect(row('Balance after transaction')).toHaveTextContent('£915.63')
    expect(screen.queryByText('Made by recurring template')).not.toBeInTheDocument()
  })

  it('says which recurring template made a transaction', async () => {
    serveDetail(makeTransaction({ recurringTransaction: { _id: 'r-1', description: 'Netflix' } }))
    renderApp('/transactions/tx-1', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Weekly shop' })
    expect(screen.getByText('Made by recurring template').parentElement).toHaveTextContent('Netflix')
  })

  it("shows an income with + and 'General' without a category", async () => {
    serveDetail(makeTransaction({ amount: 30, type: 'income', categoryId: null }))
    renderApp('/transactions/tx-1', { token: 'tok' })
    expect(await screen.findByTestId('detail-amount')).toHaveTextContent('+£30.00')
    expect(screen.getByText('Business type').parentElement).toHaveTextContent('General')
  })

  // The transfer dialog is a lazy chunk waiting for the accounts: slow on a busy machine.
  it("shows a transfer leg as 'from → to' and edits it as a transfer", { timeout: 20_000 }, async () => {
    serveDetail(
      makeTransaction({
        description: 'Card repayment',
        amount: -300,
        isTransfer: true,
        categoryId: null,
        balanceAfterTransaction: 700,
        relatedTransferTransaction: {
          _id: 'tx-2',
          accountId: { _id: 'acc-card', name: 'Travel Card', type: 'credit_card' },
        },
      }),
    )
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    expect(await screen.findByText('Everyday Current → Travel Card')).toBeInTheDocument()
    expect(screen.getByText('Transfer')).toBeInTheDocument()
    expect(screen.queryByText('Card ending')).not.toBeInTheDocument()
    expect(screen.getByText('Balance after transaction').parentElement).toHaveTextContent('£700.00')
    await user.click(screen.getByRole('button', { name: 'Transaction actions' }))
    await screen.findByRole('menuitem', { name: 'Share' })
    expect(screen.queryByRole('menuitem', { name: 'Edit Transaction' })).not.toBeInTheDocument()
    await closeMenu(user)
    // A pointer click on a menu item is not reliable in jsdom: the keyboard picks it, as choose() does.
    await choose(user, 'Edit Transfer')
    // The dialog waits for the accounts its selects offer.
    const dialog = await screen.findByRole('dialog', { name: 'Edit Transfer' }, { timeout: 10_000 })
    expect(await within(dialog).findByLabelText('Description', {}, { timeout: 10_000 })).toHaveValue('Card repayment')
    expect(within(dialog).getByRole('button', { name: 'Update Transfer' })).toBeInTheDocument()
  })

  it("names another member's private side only as 'Private account' and leaves the transfer to them", async () => {
    serveDetail(
      makeTransaction({
        description: 'Top up joint',
        amount: 55.55,
        type: 'income',
        isTransfer: true,
        categoryId: null,
        relatedTransferTransaction: { _id: null, accountId: { _id: null, name: 'Private account' } },
      }),
    )
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Top up joint' })
    expect(screen.getAllByText(/Private account → Everyday Current/).length).toBeGreaterThan(0)
    expect(screen.getByTestId('private-side')).toHaveTextContent("another member's private account")
    await user.click(screen.getByRole('button', { name: 'Transaction actions' }))
    expect(await screen.findByRole('menuitem', { name: 'Share' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Edit Transfer' })).not.toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Delete Transaction' })).not.toBeInTheDocument()
  })

  it("shows 'Transaction not found' for a 404 with a way back", async () => {
    serveDetail(makeTransaction())
    const { user, pathname } = renderApp('/transactions/missing', { token: 'tok' })
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to Transactions' }))
    await waitFor(() => expect(pathname()).toBe('/transactions'))
  })

  it("shows 'Failed to load transaction details' for other failures", async () => {
    server.use(
      http.get(apiUrl('/transactions/:id'), () => new HttpResponse(null, { status: 500 })),
      ...ledgerHandlers(),
    )
    renderApp('/transactions/tx-1', { token: 'tok' })
    expect(await screen.findByText('Failed to load transaction details')).toBeInTheDocument()
  })

  it('copies the details', async () => {
    serveDetail(makeTransaction())
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Weekly shop' })
    await choose(user, 'Copy Details')
    expect(await screen.findByText('Transaction details copied to clipboard')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toContain('Amount: -£12.50')
  })

  it('edits through the same dialog and says so', async () => {
    serveDetail(makeTransaction())
    server.use(
      http.put(apiUrl('/transactions/:id'), () =>
        HttpResponse.json({ success: true, data: makeTransaction({ description: 'Big weekly shop' }) }),
      ),
    )
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Weekly shop' })
    await choose(user, 'Edit Transaction')
    await screen.findByRole('option', { name: 'Groceries' })
    const dialog = screen.getByRole('dialog', { name: 'Edit Transaction' })
    await user.clear(within(dialog).getByLabelText('Description'))
    await user.type(within(dialog).getByLabelText('Description'), 'Big weekly shop')
    // A date surely in the past, whatever the machine's clock says.
    await user.clear(within(dialog).getByLabelText('Date'))
    await user.type(within(dialog).getByLabelText('Date'), '15/01/2026')
    await user.click(within(dialog).getByRole('button', { name: 'Update Transaction' }))
    expect(await screen.findByText('Transaction updated successfully')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Big weekly shop' })).toBeInTheDocument()
  })

  it('deletes after confirmation, says so, then goes back to the list', async () => {
    serveDetail(makeTransaction())
    let deleted = ''
    server.use(
      http.delete(apiUrl('/transactions/:id'), ({ params }) => {
        deleted = params.id as string
        return HttpResponse.json({ success: true, message: 'Transaction deleted successfully' })
      }),
    )
    const { user, pathname } = renderApp('/transactions/tx-1', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Weekly shop' })
    await choose(user, 'Delete Transaction')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transaction' })
    expect(
      within(dialog).getByText('Are you sure you want to delete this transaction? This action cannot be undone.'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Transaction deleted successfully')).toBeInTheDocument()
    expect(deleted).toBe('tx-1')
    expect(pathname()).toBe('/transactions/tx-1')
    await waitFor(() => expect(pathname()).toBe('/transactions'), { timeout: 3000 })
  })

  it("shows 'Failed to delete transaction' when the server gives no message", async () => {
    serveDetail(makeTransaction())
    server.use(http.delete(apiUrl('/transactions/:id'), () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Weekly shop' })
    await choose(user, 'Delete Transaction')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transaction' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText('Failed to delete transaction')).toBeInTheDocument()
  })
})
