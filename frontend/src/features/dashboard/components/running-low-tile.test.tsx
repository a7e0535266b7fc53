import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { components } from '@/lib/api/schema'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { RUNNING_LOW_KEY } from '../api/get-running-low'
import { RunningLowTile } from './running-low-tile'

type Schemas = components['schemas']

/** An inventory item as the shopping list sends it, with the given stock and need. */
function stockItem(_id: string, currentStock: number, defaultNeeded: number): Schemas['InventoryItemDto'] {
  const missing = Math.max(0, defaultNeeded - currentStock)
  return {
    _id,
    name: `Item ${_id}`,
    category: 'Other',
    brand: '',
    currentStock,
    defaultNeeded,
    lastPrice: 1,
    preferredStore: '',
    unit: 'item',
    expiryDate: null,
    type: '',
    size: '',
    locationInHouse: '',
    image: '',
    createdAt: '2026-06-01T09:00:00.000Z',
    stockStatus: currentStock === 0 ? 'red' : missing > 0 ? 'amber' : 'green',
    expiryStatus: null,
    quantityToBuy: missing,
    totalValue: defaultNeeded,
    currentStockValue: currentStock,
  }
}

/** An entry of GET /shopping-list. */
function entry(_id: string, item: Schemas['InventoryItemDto'], addedManually = false): Schemas['ShoppingEntryDto'] {
  const quantityToBuy = Math.max(1, item.quantityToBuy)
  return { _id, inventoryItem: item, quantityToBuy, addedManually, isAutoAdded: !addedManually, ticked: false, tickedBy: null }
}

function serve(answer: Schemas['ShoppingEntryDto'][] | 'error') {
  server.use(
    http.get(apiUrl('/shopping-list'), () =>
      answer === 'error'
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({ success: true, data: answer } satisfies Schemas['Envelope_Vec_ShoppingEntryDto']),
    ),
  )
}

describe('RunningLowTile', () => {
  it("counts the shopping list's entries, so the count and the list it opens agree", async () => {
    serve([
      // Issue 29's milk: none in stock, two needed (red).
      entry('e1', stockItem('milk', 0, 2)),
      // Five needed, three left: green by colour, yet short of the need and listed.
      entry('e2', stockItem('rolls', 3, 5)),
      // Added by hand with enough at home: on the list, so counted.
      entry('e3', stockItem('candles', 4, 1), true),
    ])
    renderWithProviders(<RunningLowTile />)
    expect(screen.getByRole('heading', { name: 'Running low', level: 2 })).toBeInTheDocument()
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('3 items to restock')
    expect(screen.getByRole('link', { name: 'Open Shopping List' })).toHaveAttribute('href', '/shopping-list')
  })

  it('says 1 item in the singular and 0 items for an empty list', async () => {
    serve([entry('e1', stockItem('milk', 0, 2))])
    const { unmount } = renderWithProviders(<RunningLowTile />)
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('1 item to restock')
    unmount()
    serve([])
    renderWithProviders(<RunningLowTile />)
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('0 items to restock')
  })

  it("lives under the shopping list's key, which every write that changes the list refreshes", async () => {
    serve([])
    const { queryClient } = renderWithProviders(<RunningLowTile />)
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('0 items to restock')
    // A new item below its need is listed by the server; the item writes invalidate ['shopping-list'].
    serve([entry('e1', stockItem('milk', 0, 2))])
    await queryClient.invalidateQueries({ queryKey: ['shopping-list'] })
    await waitFor(() => expect(screen.getByTestId('running-low-count')).toHaveTextContent('1 item to restock'))
    expect(RUNNING_LOW_KEY[0]).toBe('shopping-list')
  })

  it('says the inventory is unavailable when the call fails, without an alert or link', async () => {
    serve('error')
    renderWithProviders(<RunningLowTile />)
    expect(await screen.findByText('Inventory is unavailable right now')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
