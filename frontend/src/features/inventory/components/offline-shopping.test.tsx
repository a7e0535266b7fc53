import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { IDBFactory } from 'fake-indexeddb'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import type { ErrorResponse } from '@/lib/api/types'
import { closeOfflineDb } from '@/lib/offline/db'
import { wideScreenMatchMedia } from '@/test/media'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { resetShoppingQueue, shoppingQueue } from '../api/offline-sync'
import type { ShoppingEntry, ShoppingEntryResponse } from '../api/types'
import { makeItem } from '../lib/test-fixtures'
import { InventoryPage } from './inventory-page'
import { ItemDetailPage } from './item-detail-page'
import { OFFLINE_CHANGE_REASON } from './offline-banner'
import { ShoppingListPage } from './shopping-list-page'
import { makeEntry, makeShoppingItem, serveShopping } from './shopping-test-handlers'
import { serveInventory } from './test-handlers'

const milk = makeEntry()
const bread = makeEntry({
  _id: 'entry-bread',
  quantityToBuy: 1,
  inventoryItem: makeShoppingItem({ _id: 'item-bread', name: 'Bread', category: 'Bakery', lastPrice: 1.2, unit: 'loaves' }),
})

/** The shopping calls over a state, the PUT setting the quantity as the server does. */
function serveList(entries: ShoppingEntry[]) {
  const api = serveShopping({ entries })
  server.use(
    ...api.handlers,
    http.put(apiUrl('/shopping-list/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { quantityToBuy: number }
      api.state.sent.push({
        method: 'PUT',
        path: `/shopping-list/${String(params.id)}`,
        body,
        idempotencyKey: request.headers.get('Idempotency-Key'),
      })
      api.state.entries = api.state.entries.map((e) => (e._id === params.id ? { ...e, quantityToBuy: body.quantityToBuy } : e))
      const entry = api.state.entries.find((e) => e._id === params.id)!
      return HttpResponse.json({ success: true, data: entry } satisfies ShoppingEntryResponse)
    }),
  )
  return api
}

/** No signal: the browser says offline and every call fails without an answer. */
function goOffline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
  server.use(http.all(apiUrl('/*'), () => HttpResponse.error()))
  window.dispatchEvent(new Event('offline'))
}

function goOnline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true)
  server.resetHandlers()
}

/** The inventory seen once online (so the device keeps a copy), then the connection gone. */
async function inventorySeenThenOffline() {
  const online = serveInventory({ items: [makeItem()] })
  server.use(...online.handlers)
  const first = renderWithProviders(<InventoryPage today={() => '2026-06-10'} />, '/inventory')
  await screen.findByText('2 bottles in stock')
  first.unmount()
  goOffline()
  return online
}

const row = (name: string) => screen.getByRole('checkbox', { name: `Buy ${name}` }).closest('li') as HTMLElement

beforeEach(async () => {
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
  resetShoppingQueue()
  toaster.remove()
})

afterEach(() => {
  resetShoppingQueue()
  vi.restoreAllMocks()
})

describe('the shopping list without a connection', { timeout: 30_000 }, () => {
  it('opens from the device, keeps ticks and changes over a reload, and sends them once when back', async () => {
    // Online once: the list is stored on the device.
    serveList([milk, bread])
    const first = renderWithProviders(<ShoppingListPage />, '/shopping-list')
    await screen.findByRole('checkbox', { name: 'Buy Milk' })
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument()
    first.unmount()

    // In the shop: no signal. The page opens from the device, with the banner.
    goOffline()
    const offline = renderWithProviders(<ShoppingListPage />, '/shopping-list')
    await screen.findByRole('checkbox', { name: 'Buy Milk' })
    const banner = await screen.findByTestId('offline-banner')
    expect(banner).toHaveTextContent('Offline — changes will sync')
    expect(banner).toHaveTextContent(/Showing what was saved on this device at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    expect(screen.queryByText('Failed to fetch shopping list')).not.toBeInTheDocument()

    // Adding needs the connection, and says so.
    expect(screen.getByRole('button', { name: 'Add Item to Shopping List' })).toBeDisabled()
    expect(screen.getByText('You are offline. Adding items needs a connection.')).toBeInTheDocument()

    // A new quantity shows at once and waits on the device.
    await offline.user.click(screen.getByRole('button', { name: 'Details for Milk' }))
    const qty = screen.getByLabelText('Qty for Milk')
    await offline.user.clear(qty)
    await offline.user.type(qty, '4')
    await offline.user.tab()
    expect(await within(row('Milk')).findByText('4 items')).toBeInTheDocument()
    await waitFor(() => expect(banner).toHaveTextContent('1 change waiting.'))

    // Ticking works, and waits on the device too (the household sees it once it is sent);
    // completing the trip is refused with the reason.
    await offline.user.click(screen.getByRole('checkbox', { name: 'Buy Bread' }))
    expect(screen.getByRole('checkbox', { name: 'Buy Bread' })).toBeChecked()
    await waitFor(() => expect(banner).toHaveTextContent('2 changes waiting.'))
    const complete = screen.getByRole('button', { name: 'Complete (1) - £1.20' })
    expect(complete).toBeDisabled()
    expect(complete).toHaveAccessibleDescription('You are offline. Completing a trip needs a connection.')
    offline.unmount()

    // A reload, still offline: the tick, the typed fields and the new quantity are all there.
    const reloaded = renderWithProviders(<ShoppingListPage />, '/shopping-list')
    expect(await screen.findByRole('checkbox', { name: 'Buy Bread' })).toBeChecked()
    expect(within(row('Milk')).getByText('4 items')).toBeInTheDocument()
    await reloaded.user.click(screen.getByRole('button', { name: 'Details for Milk' }))
    expect(screen.getByLabelText('Qty for Milk')).toHaveValue('4')
    const waiting = shoppingQueue().getState().pending
    expect(waiting).toHaveLength(2)

    // The signal returns: each change is sent once, in order, with the key it was made with.
    goOnline()
    const api = serveList([milk, bread])
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(shoppingQueue().getState().pending).toHaveLength(0))
    expect(api.state.sent).toEqual([
      { method: 'PUT', path: '/shopping-list/entry-milk', body: { quantityToBuy: 4 }, idempotencyKey: waiting[0].key },
      { method: 'PUT', path: '/shopping-list/entry-bread/tick', body: { ticked: true }, idempotencyKey: waiting[1].key },
    ])
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Complete (1) - £1.20' })).toBeEnabled()
    expect(within(row('Milk')).getByText('4 items')).toBeInTheDocument()
    reloaded.unmount()
  })

  it("says 'Syncing N changes…' while the changes go out", async () => {
    const api = serveList([milk, bread])
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    server.use(
      http.delete(apiUrl('/shopping-list/:id'), async ({ params }) => {
        await gate
        api.state.entries = api.state.entries.filter((e) => e._id !== params.id)
        return HttpResponse.json({ success: true, message: 'Item removed from shopping list' })
      }),
    )
    const { user } = renderWithProviders(<ShoppingListPage />, '/shopping-list')
    await user.click(await screen.findByRole('button', { name: 'Details for Milk' }))
    await user.click(screen.getByRole('button', { name: 'Remove Milk from shopping list' }))
    // Gone as soon as the device has kept the removal, while it is still on its way.
    try {
      await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Buy Milk' })).not.toBeInTheDocument())
      expect(await screen.findByText('Syncing 1 change…')).toBeInTheDocument()
    } finally {
      release()
    }
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument())
    expect(screen.queryByRole('checkbox', { name: 'Buy Milk' })).not.toBeInTheDocument()
  })

  it('names the item and the server reason when a change is refused, and shows the real list again', async () => {
    serveList([milk, bread])
    server.use(
      http.delete(apiUrl('/shopping-list/:id'), () =>
        HttpResponse.json(
          { success: false, code: 'not_found', message: 'Shopping list item not found' } satisfies ErrorResponse,
          { status: 404 },
        ),
      ),
    )
    const { user } = renderWithProviders(<ShoppingListPage />, '/shopping-list')
    await user.click(await screen.findByRole('button', { name: 'Details for Bread' }))
    await user.click(screen.getByRole('button', { name: 'Remove Bread from shopping list' }))
    expect(await screen.findByText("Couldn't save your change to 'Bread'")).toBeInTheDocument()
    expect(screen.getByText('Shopping list item not found')).toBeInTheDocument()
    // Refetched: the server still has it.
    expect(await screen.findByRole('checkbox', { name: 'Buy Bread' })).toBeInTheDocument()
  })

  it('drops unsent a change that waited on the device more than 30 days, and says so', async () => {
    const api = serveList([milk, bread])
    // Bread was removed on a phone that then stayed offline for a month.
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000)
    await shoppingQueue().enqueue('remove-entry', 'Bread', { entryId: 'entry-bread' }, monthAgo)
    renderWithProviders(<ShoppingListPage />, '/shopping-list')
    expect(await screen.findByText("Couldn't save your change to 'Bread'")).toBeInTheDocument()
    expect(
      screen.getByText(
        'It waited on this device for more than 30 days without reaching the server, so it was not sent. ' +
          'Check the item and make the change again if you still need it.',
      ),
    ).toBeInTheDocument()
    // Never sent: the server's list is shown, Bread still on it.
    expect(await screen.findByRole('checkbox', { name: 'Buy Bread' })).toBeInTheDocument()
    expect(api.state.sent).toEqual([])
    expect(shoppingQueue().getState().pending).toEqual([])
  })
})

describe('the inventory without a connection', { timeout: 30_000 }, () => {
  it('uses one offline at once, and sends each use exactly once when back', async () => {
    const online = await inventorySeenThenOffline()
    const { user } = renderWithProviders(<InventoryPage today={() => '2026-06-10'} />, '/inventory')
    await screen.findByText('2 bottles in stock')
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Offline — changes will sync')
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeDisabled()
    const useOne = screen.getByRole('button', { name: 'Use one Milk' })
    await user.click(useOne)
    expect(await screen.findByText('1 bottle in stock')).toBeInTheDocument()
    await user.click(useOne)
    expect(await screen.findByText('0 bottles in stock')).toBeInTheDocument()
    expect(screen.getByTestId('stock-chip')).toHaveAttribute('data-palette', 'red')
    expect(useOne).toBeDisabled()
    const keys = shoppingQueue().getState().pending.map((c) => c.key)
    expect(keys).toHaveLength(2)

    goOnline()
    server.use(...online.handlers)
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(shoppingQueue().getState().pending).toHaveLength(0))
    expect(online.state.sent.map((s) => s.path)).toEqual([
      '/api/inventory-items/item-milk/decrement',
      '/api/inventory-items/item-milk/decrement',
    ])
    expect(online.state.items[0].currentStock).toBe(0)
    expect(await screen.findByText('0 bottles in stock')).toBeInTheDocument()
  })

  it('turns off edit, delete and add-to-list offline, saying why, and keeps use one', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    await inventorySeenThenOffline()
    renderWithProviders(<InventoryPage today={() => '2026-06-10'} />, '/inventory')
    await screen.findByRole('button', { name: 'Edit Milk' })
    for (const name of ['Edit Milk', 'Add Milk to Shopping List', 'Delete Milk']) {
      const button = screen.getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAttribute('title', OFFLINE_CHANGE_REASON)
    }
    expect(screen.getByRole('button', { name: 'Use one Milk' })).toBeEnabled()

    goOnline()
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Milk' })).toBeEnabled())
    expect(screen.getByRole('button', { name: 'Edit Milk' })).toHaveAttribute('title', 'Edit')
  })

  it("turns off the item page's edit and delete offline", async () => {
    await inventorySeenThenOffline()
    const { user } = renderWithProviders(<ItemDetailPage id="item-milk" />, '/inventory/item-milk')
    await screen.findByRole('heading', { name: 'Milk' })
    await user.click(screen.getByRole('button', { name: 'Item actions' }))
    expect(await screen.findByRole('menuitem', { name: 'Edit Item' })).toHaveAttribute('data-disabled')
    expect(screen.getByRole('menuitem', { name: 'Delete Item' })).toHaveAttribute('data-disabled')
    expect(screen.getByRole('menuitem', { name: 'Copy Details' })).not.toHaveAttribute('data-disabled')
  })

  it('drops a refused use with a notice naming the item, and goes on', async () => {
    const api = serveInventory({ items: [makeItem({ currentStock: 1 })] })
    server.use(...api.handlers)
    const { user } = renderWithProviders(<InventoryPage today={() => '2026-06-10'} />, '/inventory')
    await screen.findByText('1 bottle in stock')
    // Someone else used the last one meanwhile.
    api.state.items = api.state.items.map((i) => ({ ...i, currentStock: 0 }))
    await user.click(screen.getByRole('button', { name: 'Use one Milk' }))
    expect(await screen.findByText("Couldn't save your change to 'Milk'")).toBeInTheDocument()
    expect(screen.getByText('Stock is already zero')).toBeInTheDocument()
    expect(await screen.findByText('0 bottles in stock')).toBeInTheDocument()
    expect(shoppingQueue().getState().pending).toHaveLength(0)
  })
})
