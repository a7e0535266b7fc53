import { act, screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { toaster } from '@/components/notify'
import type { ErrorResponse } from '@/lib/api/types'
import { setToken } from '@/lib/auth-storage'
import { rememberUser } from '@/lib/offline/last-user'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { resetShoppingQueue } from '../api/offline-sync'
import type { ShoppingListResponse } from '../api/types'
import { ShoppingListPage } from './shopping-list-page'
import { makeEntry, makeShoppingItem, ME, serveShopping } from './shopping-test-handlers'

const milk = makeEntry()
const bread = makeEntry({
  _id: 'auto_bread',
  quantityToBuy: 1,
  isAutoAdded: false,
  addedManually: false,
  inventoryItem: makeShoppingItem({
    _id: 'item-bread',
    name: 'Bread',
    brand: 'Hovis',
    category: 'Bakery',
    currentStock: 1,
    unit: 'loaves',
    lastPrice: 0.1,
    preferredStore: '',
    currentStockValue: 0.1,
  }),
})

function renderPage(entries = [milk, bread]) {
  const api = serveShopping({ entries })
  server.use(...api.handlers)
  return { ...renderWithProviders(<ShoppingListPage />, '/shopping-list'), api }
}

function row(name: string) {
  return screen.getByRole('checkbox', { name: `Buy ${name}` }).closest('li') as HTMLElement
}

/** Opens an entry's details (its chips, fields and Remove) with its chevron. */
async function openDetails(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Details for ${name}` }))
}

describe('ShoppingListPage', { timeout: 20_000 }, () => {
  it('shows five placeholders while loading', async () => {
    server.use(
      http.get(apiUrl('/shopping-list'), async () => {
        await delay('infinite')
        return HttpResponse.json({ success: true, data: [] } satisfies ShoppingListResponse)
      }),
    )
    renderWithProviders(<ShoppingListPage />)
    expect(screen.getByRole('heading', { name: 'Shopping List', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Items that need to be restocked')).toBeInTheDocument()
    expect(screen.getAllByTestId('shopping-skeleton')).toHaveLength(5)
  })

  it('shows the empty state', async () => {
    renderPage([])
    expect(await screen.findByText('Your shopping list is empty')).toBeInTheDocument()
    expect(screen.getByText('Items will appear here when your inventory stock runs low')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Manage Inventory' })).toHaveAttribute('href', '/inventory')
    expect(screen.getByRole('button', { name: 'Add Item to Shopping List' })).toBeInTheDocument()
  })

  it('shows each entry on one compact line, its other fields on demand, and no stock value', async () => {
    const { user } = renderPage()
    await screen.findByRole('checkbox', { name: 'Buy Milk' })
    const m = within(row('Milk'))
    expect(m.getByText('Milk')).toBeInTheDocument()
    expect(m.getByText('2 items')).toBeInTheDocument()
    expect(m.getByText('£1.15 each')).toBeInTheDocument()
    expect(m.getByTestId('line-total')).toHaveTextContent('£2.30')
    expect(m.queryByText('Auto-added')).not.toBeInTheDocument()
    // Closed: the rest waits behind the chevron.
    const details = m.getByRole('button', { name: 'Details for Milk' })
    expect(details).toHaveAttribute('aria-expanded', 'false')
    expect(m.queryByText('Cravendale')).not.toBeInTheDocument()
    expect(m.queryByLabelText('Qty for Milk')).not.toBeInTheDocument()

    await user.click(details)
    expect(details).toHaveAttribute('aria-expanded', 'true')
    expect(m.getByText('Cravendale')).toBeInTheDocument()
    expect(m.getByText('Dairy')).toBeInTheDocument()
    expect(m.getByText('Stock: 0 litres')).toBeInTheDocument()
    expect(m.getByLabelText('Qty for Milk')).toHaveValue('2')
    expect(m.getByLabelText('Price for Milk')).toHaveValue('1.15')
    expect(m.getByLabelText('Store for Milk')).toHaveValue('Tesco')
    expect(m.getByRole('button', { name: 'Remove Milk from shopping list' })).toBeInTheDocument()
    expect(screen.queryByText(/Stock value/)).not.toBeInTheDocument()

    const b = within(row('Bread'))
    expect(b.getByText('1 item')).toBeInTheDocument()
    expect(b.queryByText('Auto-added')).not.toBeInTheDocument()
    // A tap on the words opens the details too.
    await user.click(b.getByText('Bread'))
    expect(b.getByText('Stock: 1 loaves')).toBeInTheDocument()
    expect(b.getByText('Auto-added')).toBeInTheDocument()
    await user.click(details)
    expect(m.queryByLabelText('Qty for Milk')).not.toBeInTheDocument()
  })

  it('ticks items, hides their fields, and totals them on the complete button', async () => {
    const { user } = renderPage()
    await screen.findByRole('checkbox', { name: 'Buy Milk' })
    expect(screen.queryByRole('button', { name: /^Complete \(/ })).not.toBeInTheDocument()
    await openDetails(user, 'Milk')
    await openDetails(user, 'Bread')

    // Bread: 3 at £0.10 is 30p exactly.
    const qty = screen.getByLabelText('Qty for Bread')
    await user.clear(qty)
    await user.type(qty, '3x')
    expect(qty).toHaveValue('3')
    const price = screen.getByLabelText('Price for Bread')
    await user.clear(price)
    await user.type(price, '0.1.0')
    expect(price).toHaveValue('0.10')
    expect(within(row('Bread')).getByText('£0.10 each')).toBeInTheDocument()
    expect(within(row('Bread')).getByTestId('line-total')).toHaveTextContent('£0.30')

    await user.click(screen.getByRole('checkbox', { name: 'Buy Milk' }))
    expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).toBeChecked()
    expect(screen.queryByLabelText('Qty for Milk')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Complete (1) - £2.30' })).toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Buy Bread' }))
    expect(screen.getByRole('button', { name: 'Complete (2) - £2.60' })).toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Buy Milk' }))
    expect(screen.getByLabelText('Qty for Milk')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Complete (1) - £0.30' })).toBeInTheDocument()
  })

  it('counts an empty quantity as the list quantity and a bad price as 0', async () => {
    const { user } = renderPage()
    await openDetails(user, 'Milk')
    await user.clear(screen.getByLabelText('Qty for Milk'))
    expect(within(row('Milk')).getByTestId('line-total')).toHaveTextContent('£2.30')
    await user.clear(screen.getByLabelText('Price for Milk'))
    await user.type(screen.getByLabelText('Price for Milk'), '.')
    expect(within(row('Milk')).getByTestId('line-total')).toHaveTextContent('£0.00')
  })

  it('saves a changed quantity when the field is left', async () => {
    const { user, api } = renderPage()
    await openDetails(user, 'Milk')
    const qty = screen.getByLabelText('Qty for Milk')
    await user.clear(qty)
    await user.type(qty, '4')
    await user.tab()
    await waitFor(() =>
      expect(api.state.sent).toContainEqual(
        expect.objectContaining({ method: 'PUT', path: '/shopping-list/entry-milk', body: { quantityToBuy: 4 } }),
      ),
    )
  })

  it('removes an entry', async () => {
    const { user, api } = renderPage()
    await screen.findByRole('checkbox', { name: 'Buy Milk' })
    await user.click(screen.getByRole('checkbox', { name: 'Buy Milk' }))
    await openDetails(user, 'Milk')
    // Ticked: the fields are gone from the details, Remove stays.
    expect(screen.queryByLabelText('Qty for Milk')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove Milk from shopping list' }))
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Buy Milk' })).not.toBeInTheDocument())
    expect(api.state.sent).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/shopping-list/entry-milk' }))
    // The removed entry leaves the selection.
    expect(screen.queryByRole('button', { name: /^Complete \(/ })).not.toBeInTheDocument()
  })

  it('shows the server message when a removal fails', async () => {
    const { user } = renderPage()
    server.use(
      http.delete(apiUrl('/shopping-list/:id'), () =>
        HttpResponse.json(
          { success: false, code: 'not_found', message: 'Shopping list item not found' } satisfies ErrorResponse,
          { status: 404 },
        ),
      ),
    )
    await openDetails(user, 'Bread')
    await user.click(screen.getByRole('button', { name: 'Remove Bread from shopping list' }))
    expect(await screen.findByText('Shopping list item not found')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Buy Bread' })).toBeInTheDocument()
  })

  it('shows the load error', async () => {
    server.use(http.get(apiUrl('/shopping-list'), () => new HttpResponse(null, { status: 500 })))
    renderWithProviders(<ShoppingListPage />)
    expect(await screen.findByText('Failed to fetch shopping list')).toBeInTheDocument()
  })
})

describe('ShoppingListPage ticks, the household’s', { timeout: 20_000 }, () => {
  const sam = { _id: 'user-sam', name: 'Sam Smith' }

  beforeEach(() => {
    // Signed in as Jane on this device.
    setToken('token-jane')
    rememberUser(makeUser({ _id: ME._id, name: ME.name }))
    resetShoppingQueue()
    toaster.remove()
  })

  afterEach(() => resetShoppingQueue())

  it('shows what the server says is ticked, naming another member but not oneself', async () => {
    renderPage([
      makeEntry({ ticked: true, tickedBy: sam }),
      { ...bread, ticked: true, tickedBy: ME },
      makeEntry({ _id: 'entry-eggs', inventoryItem: makeShoppingItem({ _id: 'item-eggs', name: 'Eggs' }) }),
    ])
    const milkTick = await screen.findByRole('checkbox', { name: 'Buy Milk' })
    expect(milkTick).toBeChecked()
    expect(within(row('Milk')).getByText('Ticked by Sam Smith')).toBeInTheDocument()
    expect(milkTick).toHaveAccessibleDescription('Ticked by Sam Smith')
    expect(screen.getByRole('checkbox', { name: 'Buy Bread' })).toBeChecked()
    expect(within(row('Bread')).queryByTestId('ticked-by')).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Buy Eggs' })).not.toBeChecked()
    // The trip buys every ticked entry, whoever ticked it: 2 × £1.15 and 1 × £0.10.
    expect(screen.getByRole('button', { name: 'Complete (2) - £2.40' })).toBeInTheDocument()
  })

  it('ticks and unticks through the server with a key, shown at once', async () => {
    const { user, api } = renderPage()
    await user.click(await screen.findByRole('checkbox', { name: 'Buy Milk' }))
    expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).toBeChecked()
    await waitFor(() =>
      expect(api.state.sent).toContainEqual({
        method: 'PUT',
        path: '/shopping-list/entry-milk/tick',
        body: { ticked: true },
        idempotencyKey: expect.any(String),
      }),
    )
    // Their own tick is not named to them, before or after the server's answer.
    await waitFor(() => expect(api.state.listCalls).toBeGreaterThan(1))
    expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).toBeChecked()
    expect(screen.queryByTestId('ticked-by')).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Buy Milk' }))
    expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).not.toBeChecked()
    await waitFor(() =>
      expect(api.state.sent.filter((s) => s.path === '/shopping-list/entry-milk/tick').map((s) => s.body)).toEqual([
        { ticked: true },
        { ticked: false },
      ]),
    )
    const keys = api.state.sent.map((s) => s.idempotencyKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('undoes a tick the server refuses and says why', async () => {
    const { user } = renderPage()
    server.use(
      http.put(apiUrl('/shopping-list/:id/tick'), async () => {
        await delay(50)
        return HttpResponse.json(
          { success: false, code: 'not_found', message: 'Shopping list item not found' } satisfies ErrorResponse,
          { status: 404 },
        )
      }),
    )
    await user.click(await screen.findByRole('checkbox', { name: 'Buy Milk' }))
    expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).toBeChecked()
    expect(await screen.findByText("Couldn't save your change to 'Milk'")).toBeInTheDocument()
    expect(screen.getByText('Shopping list item not found')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).not.toBeChecked())
    expect(screen.queryByRole('button', { name: /^Complete \(/ })).not.toBeInTheDocument()
  })

  it('shows another member’s tick when the screen is looked at again, without a reload', async () => {
    const { api } = renderPage()
    expect(await screen.findByRole('checkbox', { name: 'Buy Bread' })).not.toBeChecked()
    api.state.entries = api.state.entries.map((e) => (e._id === bread._id ? { ...e, ticked: true, tickedBy: sam } : e))
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'))
    })
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Buy Bread' })).toBeChecked())
    expect(within(row('Bread')).getByText('Ticked by Sam Smith')).toBeInTheDocument()
  })

  it('asks again every few seconds while open, so a tick elsewhere shows by itself', async () => {
    const { api } = renderPage()
    expect(await screen.findByRole('checkbox', { name: 'Buy Milk' })).not.toBeChecked()
    const calls = api.state.listCalls
    api.state.entries = api.state.entries.map((e) => (e._id === milk._id ? { ...e, ticked: true, tickedBy: sam } : e))
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Buy Milk' })).toBeChecked(), { timeout: 8_000 })
    expect(api.state.listCalls).toBe(calls + 1)
    expect(within(row('Milk')).getByText('Ticked by Sam Smith')).toBeInTheDocument()
  })
})
