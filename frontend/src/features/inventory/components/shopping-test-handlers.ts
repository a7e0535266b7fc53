import { http, HttpResponse } from 'msw'
import type { Account, AccountsResponse, CategoriesResponse, Category, ErrorResponse } from '@/lib/api/types'
import { makeAccount, makeCategory, makeTransaction } from '@/test/fixtures'
import { apiUrl } from '@/test/server'
import type {
  AddEntryBody,
  InventoryItem,
  InventoryItemBody,
  InventoryItemResponse,
  InventoryListResponse,
  MessageResponse,
  ShoppingEntry,
  ShoppingEntryResponse,
  ShoppingListResponse,
  TickBody,
  TripResponse,
} from '../api/types'

export function makeShoppingItem(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    _id: 'item-milk',
    name: 'Milk',
    category: 'Dairy',
    brand: 'Cravendale',
    currentStock: 0,
    defaultNeeded: 2,
    lastPrice: 1.15,
    preferredStore: 'Tesco',
    unit: 'litres',
    expiryDate: null,
    type: 'Food',
    size: '1L',
    locationInHouse: 'Fridge',
    image: '',
    createdAt: '2026-01-10T09:00:00Z',
    stockStatus: 'red',
    expiryStatus: null,
    quantityToBuy: 2,
    totalValue: 2.3,
    currentStockValue: 0,
    ...overrides,
  }
}

export function makeEntry(overrides: Partial<ShoppingEntry> = {}): ShoppingEntry {
  return {
    _id: 'entry-milk',
    inventoryItem: makeShoppingItem(),
    quantityToBuy: 2,
    addedManually: true,
    isAutoAdded: false,
    ticked: false,
    tickedBy: null,
    ...overrides,
  }
}

/** The member the test signs in as: who the server says ticked what they tick. */
export const ME = { _id: 'user-jane', name: 'Jane Doe' }

type ServeOptions = {
  entries?: ShoppingEntry[]
  items?: InventoryItem[]
  accounts?: Account[]
  categories?: Category[]
}

type Sent = { method: string; path: string; body: unknown; idempotencyKey: string | null }

/**
 * The shopping list's calls (and the accounts and categories the trip dialog reads) as msw
 * handlers over a state the test may read: what was sent, with its Idempotency-Key header.
 * A test's own server.use() handlers take precedence.
 */
export function serveShopping(options: ServeOptions = {}) {
  const state = {
    entries: options.entries ?? [],
    items: options.items ?? [],
    accounts: options.accounts ?? [makeAccount({ _id: 'acc-1', name: 'Everyday', type: 'current' })],
    categories: options.categories ?? [makeCategory(), makeCategory({ _id: 'cat-salary', name: 'Salary', isDefault: false })],
    listCalls: 0,
    sent: [] as Sent[],
  }
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text()
    state.sent.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    })
  }
  const handlers = [
    http.get(apiUrl('/shopping-list'), () => {
      state.listCalls += 1
      return HttpResponse.json({ success: true, data: state.entries } satisfies ShoppingListResponse)
    }),
    http.post(apiUrl('/shopping-list'), async ({ request }) => {
      await record(request)
      const body = state.sent.at(-1)!.body as AddEntryBody
      const item = state.items.find((i) => i._id === body.inventoryItemId) ?? makeShoppingItem({ _id: body.inventoryItemId })
      const entry = makeEntry({ _id: `entry-${item._id}`, inventoryItem: item, quantityToBuy: Number(body.quantityToBuy) })
      state.entries = [...state.entries, entry]
      return HttpResponse.json({ success: true, data: entry } satisfies ShoppingEntryResponse, { status: 201 })
    }),
    http.put(apiUrl('/shopping-list/:id'), async ({ request, params }) => {
      await record(request)
      const entry = state.entries.find((e) => e._id === params.id) ?? makeEntry()
      return HttpResponse.json({ success: true, data: entry } satisfies ShoppingEntryResponse)
    }),
    // As the server ticks: the first tick stays whoever sends the same again.
    http.put(apiUrl('/shopping-list/:id/tick'), async ({ request, params }) => {
      await record(request)
      const { ticked } = state.sent.at(-1)!.body as TickBody
      const entry = state.entries.find((e) => e._id === params.id)
      if (!entry) {
        return HttpResponse.json(
          { success: false, code: 'not_found', message: 'Shopping list item not found' } satisfies ErrorResponse,
          { status: 404 },
        )
      }
      const now = entry.ticked === ticked ? entry : { ...entry, ticked, tickedBy: ticked ? ME : null }
      state.entries = state.entries.map((e) => (e._id === now._id ? now : e))
      return HttpResponse.json({ success: true, data: now } satisfies ShoppingEntryResponse)
    }),
    http.delete(apiUrl('/shopping-list/:id'), async ({ request, params }) => {
      await record(request)
      state.entries = state.entries.filter((e) => e._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Item removed from shopping list' } satisfies MessageResponse)
    }),
    http.get(apiUrl('/inventory-items'), () =>
      HttpResponse.json({ success: true, data: state.items } satisfies InventoryListResponse),
    ),
    http.post(apiUrl('/inventory-items'), async ({ request }) => {
      await record(request)
      const body = state.sent.at(-1)!.body as InventoryItemBody
      const item = makeShoppingItem({ _id: 'item-new', name: body.name, brand: body.brand })
      state.items = [...state.items, item]
      return HttpResponse.json({ success: true, data: item } satisfies InventoryItemResponse, { status: 201 })
    }),
    http.post(apiUrl('/inventory-items/shopping-trip/complete'), async ({ request }) => {
      await record(request)
      // The bought entries leave the list, and their ticks with them.
      const bought = new Set((state.sent.at(-1)!.body as { items: { inventoryItemId: string }[] }).items.map((l) => l.inventoryItemId))
      state.entries = state.entries.filter((e) => !bought.has(e.inventoryItem._id))
      return HttpResponse.json(
        {
          success: true,
          data: { transaction: makeTransaction({ _id: 'tx-1', amount: -2.3, description: 'Shopping trip' }), items: [] },
          message: 'Shopping trip completed successfully',
        } satisfies TripResponse,
        { status: 201 },
      )
    }),
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({
        success: true,
        data: { accounts: state.accounts, netWorth: 0, totalAccounts: state.accounts.length },
      } satisfies AccountsResponse),
    ),
    http.get(apiUrl('/categories'), () =>
      HttpResponse.json({ success: true, data: state.categories } satisfies CategoriesResponse),
    ),
  ]
  return { state, handlers }
}
