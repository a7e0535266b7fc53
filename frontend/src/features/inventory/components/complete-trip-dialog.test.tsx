import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { ErrorResponse } from '@/lib/api/types'
import { makeAccount } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { CompleteTripDialog } from './complete-trip-dialog'
import { ShoppingListPage } from './shopping-list-page'
import { makeEntry, makeShoppingItem, serveShopping } from './shopping-test-handlers'

const milk = makeEntry()
const eggs = makeEntry({
  _id: 'entry-eggs',
  quantityToBuy: 1,
  inventoryItem: makeShoppingItem({ _id: 'item-eggs', name: 'Eggs', lastPrice: 2.5, preferredStore: '' }),
})

/** The page with Milk ticked (its price edited first) and the trip dialog open. */
async function openTrip(options: Parameters<typeof serveShopping>[0] = {}) {
  const api = serveShopping({ entries: [milk, eggs], ...options })
  server.use(...api.handlers)
  const view = renderWithProviders(<ShoppingListPage />, '/shopping-list')
  const { user } = view
  // An entry's fields wait behind its chevron.
  await user.click(await screen.findByRole('button', { name: 'Details for Milk' }))
  const price = await screen.findByLabelText('Price for Milk')
  await user.clear(price)
  await user.type(price, '1.2')
  await user.type(screen.getByLabelText('Store for Milk'), ' Extra')
  await user.click(screen.getByRole('checkbox', { name: 'Buy Milk' }))
  await user.click(screen.getByRole('button', { name: 'Complete (1) - £2.40' }))
  const dialog = await screen.findByRole('dialog', { name: 'Complete Shopping Trip' })
  return { ...view, api, dialog: within(dialog) }
}

// Typing through a whole page in jsdom is slow; the default 5 s is too tight on a busy machine.
describe('CompleteTripDialog', { timeout: 20_000 }, () => {
  it('sends the ticked lines with prices as decimal text and a key, then goes to /transactions', async () => {
    const { user, api, dialog, router } = await openTrip()
    expect(dialog.getByTestId('trip-summary')).toHaveTextContent('Items to purchase1')
    expect(dialog.getByTestId('trip-summary')).toHaveTextContent('Total cost£2.40')
    const complete = dialog.getByRole('button', { name: 'Complete Purchase' })
    expect(complete).toBeDisabled()

    await user.selectOptions(dialog.getByLabelText('Account'), 'Everyday (Current Account)')
    const category = dialog.getByLabelText('Category (optional)')
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Use default (Groceries)',
      'Groceries',
    ])
    expect(complete).toBeEnabled()
    await user.click(complete)

    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'))
    const trip = api.state.sent.find((s) => s.path === '/inventory-items/shopping-trip/complete')!
    expect(trip.body).toEqual({
      items: [{ inventoryItemId: 'item-milk', quantity: 2, price: '1.20', store: 'Tesco Extra' }],
      accountId: 'acc-1',
    })
    expect(trip.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
  })

  it('sends the chosen category', async () => {
    const { user, api, dialog, router } = await openTrip()
    await user.selectOptions(dialog.getByLabelText('Account'), 'acc-1')
    await user.selectOptions(dialog.getByLabelText('Category (optional)'), 'Groceries')
    await user.click(dialog.getByRole('button', { name: 'Complete Purchase' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'))
    const trip = api.state.sent.find((s) => s.path === '/inventory-items/shopping-trip/complete')!
    expect(trip.body).toMatchObject({ accountId: 'acc-1', categoryId: 'cat-groceries' })
  })

  it('keeps the dialog open with the server message, and retries with the same key after a server failure', async () => {
    const { user, dialog, router } = await openTrip()
    const keys: (string | null)[] = []
    server.use(
      http.post(apiUrl('/inventory-items/shopping-trip/complete'), ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        return keys.length === 1
          ? HttpResponse.json({ success: false, code: 'unavailable', message: 'Failed' } satisfies ErrorResponse, { status: 503 })
          : HttpResponse.json(
              { success: false, code: 'validation', message: 'Price cannot be negative' } satisfies ErrorResponse,
              { status: 400 },
            )
      }),
    )
    await user.selectOptions(dialog.getByLabelText('Account'), 'acc-1')
    await user.click(dialog.getByRole('button', { name: 'Complete Purchase' }))
    expect(await dialog.findByText('Failed')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Complete Purchase' }))
    expect(await dialog.findByText('Price cannot be negative')).toBeInTheDocument()
    // A 5xx leaves the write unjudged, so the retry reuses the key.
    expect(keys[1]).toBe(keys[0])
    expect(screen.getByRole('dialog', { name: 'Complete Shopping Trip' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/shopping-list')
  })

  it('falls back to the spec message when the server gives none', async () => {
    const { user, dialog } = await openTrip()
    server.use(http.post(apiUrl('/inventory-items/shopping-trip/complete'), () => new HttpResponse(null, { status: 500 })))
    await user.selectOptions(dialog.getByLabelText('Account'), 'acc-1')
    await user.click(dialog.getByRole('button', { name: 'Complete Purchase' }))
    expect(await dialog.findByText('Failed to complete shopping trip')).toBeInTheDocument()
  })

  it('says when there is no account to pay from', async () => {
    server.use(...serveShopping({ accounts: [] }).handlers)
    renderWithProviders(
      <CompleteTripDialog
        open
        onClose={vi.fn()}
        lines={[{ inventoryItemId: 'item-milk', quantity: 1, price: '1.00', store: '' }]}
        totalPence={100}
        onCompleted={vi.fn()}
      />,
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Complete Shopping Trip' }))
    expect(await dialog.findByText('No accounts available. Please add an account first.')).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Complete Purchase' })).toBeDisabled()
  })

  it('lists accounts by name and type', async () => {
    server.use(
      ...serveShopping({
        accounts: [makeAccount({ _id: 'a1', name: 'Rainy Day', type: 'savings' }), makeAccount({ _id: 'a2', name: 'Cash', type: 'cash' })],
      }).handlers,
    )
    renderWithProviders(<CompleteTripDialog open onClose={vi.fn()} lines={[]} totalPence={0} onCompleted={vi.fn()} />)
    const account = await screen.findByLabelText('Account')
    await waitFor(() =>
      expect(within(account).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Select an account',
        'Rainy Day (Savings Account)',
        'Cash',
      ]),
    )
  })
})
