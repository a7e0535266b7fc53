import { http, HttpResponse } from 'msw'
import type { ErrorResponse } from '@/lib/api/types'
import { apiUrl } from '@/test/server'
import type {
  AddEntryBody,
  InventoryItem,
  InventoryItemBody,
  InventoryItemResponse,
  InventoryListResponse,
  MessageResponse,
  ShoppingEntryResponse,
} from '../api/types'
import { makeItem } from '../lib/test-fixtures'

type ServeOptions = { items?: InventoryItem[] }

type Sent = { method: string; path: string; body: unknown; idempotencyKey: string | null }

/**
 * The inventory API as msw handlers over a state the test may read: what was sent and the
 * searches of GET /inventory-items. The list is searched and sorted the way the server does it.
 * A test's own server.use() handlers take precedence.
 */
export function serveInventory(options: ServeOptions = {}) {
  const state = {
    items: options.items ?? [],
    listQueries: [] as string[],
    sent: [] as Sent[],
  }
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text()
    state.sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    })
  }
  const notFound = () =>
    HttpResponse.json(
      { success: false, code: 'not_found', message: 'Inventory item not found' } satisfies ErrorResponse,
      { status: 404 },
    )
  const handlers = [
    http.get(apiUrl('/inventory-items'), ({ request }) => {
      const url = new URL(request.url)
      state.listQueries.push(url.search)
      const term = (url.searchParams.get('search') ?? '').toLowerCase()
      const data = state.items
        .filter((i) => !term || [i.name, i.brand, i.preferredStore].some((f) => f.toLowerCase().includes(term)))
        .sort((a, b) => a.name.localeCompare(b.name))
      return HttpResponse.json({ success: true, data } satisfies InventoryListResponse)
    }),
    http.get(apiUrl('/inventory-items/:id'), ({ params }) => {
      const item = state.items.find((i) => i._id === params.id)
      return item ? HttpResponse.json({ success: true, data: item } satisfies InventoryItemResponse) : notFound()
    }),
    http.post(apiUrl('/inventory-items'), async ({ request }) => {
      await record(request)
      const body = state.sent.at(-1)!.body as InventoryItemBody
      const item = makeItem({ _id: `item-${state.items.length + 1}`, name: body.name })
      state.items = [...state.items, item]
      return HttpResponse.json(
        { success: true, data: item, message: 'Inventory item created successfully' } satisfies InventoryItemResponse,
        { status: 201 },
      )
    }),
    http.put(apiUrl('/inventory-items/:id'), async ({ request, params }) => {
      await record(request)
      const body = state.sent.at(-1)!.body as InventoryItemBody
      const old = state.items.find((i) => i._id === params.id)
      if (!old) return notFound()
      const updated = { ...old, name: body.name, currentStock: Number(body.currentStock) }
      state.items = state.items.map((i) => (i._id === old._id ? updated : i))
      return HttpResponse.json({
        success: true,
        data: updated,
        message: 'Inventory item updated successfully',
      } satisfies InventoryItemResponse)
    }),
    http.delete(apiUrl('/inventory-items/:id'), async ({ request, params }) => {
      await record(request)
      state.items = state.items.filter((i) => i._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Inventory item deleted successfully' } satisfies MessageResponse)
    }),
    http.patch(apiUrl('/inventory-items/:id/decrement'), async ({ request, params }) => {
      await record(request)
      const old = state.items.find((i) => i._id === params.id)
      if (!old) return notFound()
      if (old.currentStock <= 0) {
        return HttpResponse.json(
          { success: false, code: 'conflict', message: 'Stock is already zero' } satisfies ErrorResponse,
          { status: 409 },
        )
      }
      const updated = { ...old, currentStock: old.currentStock - 1 }
      state.items = state.items.map((i) => (i._id === old._id ? updated : i))
      return HttpResponse.json({ success: true, data: updated } satisfies InventoryItemResponse)
    }),
    http.post(apiUrl('/shopping-list'), async ({ request }) => {
      await record(request)
      const body = state.sent.at(-1)!.body as AddEntryBody
      const item = state.items.find((i) => i._id === body.inventoryItemId) ?? makeItem()
      return HttpResponse.json(
        {
          success: true,
          data: {
            _id: 'entry-1',
            inventoryItem: item,
            quantityToBuy: Number(body.quantityToBuy),
            addedManually: true,
            isAutoAdded: false,
            ticked: false,
            tickedBy: null,
          },
          message: 'Item added to shopping list',
        } satisfies ShoppingEntryResponse,
        { status: 201 },
      )
    }),
  ]
  return { state, handlers }
}

export { wideScreenMatchMedia } from '@/test/media'
