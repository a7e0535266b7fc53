import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { components } from '@/lib/api/schema'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { countRunningLow } from '../api/get-running-low'
import { RunningLowTile } from './running-low-tile'

type Schemas = components['schemas']

/** An inventory item as GET /inventory-items sends it, with the given stock status. */
function stockItem(_id: string, stockStatus: string): Schemas['InventoryItemDto'] {
  return {
    _id,
    name: `Item ${_id}`,
    category: 'Other',
    brand: '',
    currentStock: stockStatus === 'red' ? 0 : 1,
    defaultNeeded: stockStatus === 'green' ? 1 : 2,
    lastPrice: 1,
    preferredStore: '',
    unit: 'item',
    expiryDate: null,
    type: '',
    size: '',
    locationInHouse: '',
    image: '',
    createdAt: '2026-06-01T09:00:00.000Z',
    stockStatus,
    expiryStatus: null,
    quantityToBuy: stockStatus === 'green' ? 0 : stockStatus === 'red' ? 2 : 1,
    totalValue: stockStatus === 'green' ? 1 : 2,
    currentStockValue: stockStatus === 'red' ? 0 : 1,
  }
}

function serve(answer: Schemas['InventoryItemDto'][] | 'error') {
  server.use(
    http.get(apiUrl('/inventory-items'), () =>
      answer === 'error'
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({ success: true, data: answer } satisfies Schemas['InventoryListResponse']),
    ),
  )
}

describe('RunningLowTile', () => {
  it('counts red and amber items only', () => {
    expect(
      countRunningLow([
        { _id: 'a', stockStatus: 'red' },
        { _id: 'b', stockStatus: 'amber' },
        { _id: 'c', stockStatus: 'green' },
      ]),
    ).toBe(2)
    expect(countRunningLow([])).toBe(0)
  })

  it('shows the count with the way to the shopping list', async () => {
    serve([stockItem('a', 'red'), stockItem('b', 'amber'), stockItem('c', 'green')])
    renderWithProviders(<RunningLowTile />)
    expect(screen.getByRole('heading', { name: 'Running low', level: 2 })).toBeInTheDocument()
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('2 items to restock')
    expect(screen.getByRole('link', { name: 'Open Shopping List' })).toHaveAttribute('href', '/shopping-list')
  })

  it('says 1 item in the singular', async () => {
    serve([stockItem('a', 'red')])
    renderWithProviders(<RunningLowTile />)
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('1 item to restock')
  })

  it('says the inventory is unavailable when the call fails, without an alert or link', async () => {
    serve('error')
    renderWithProviders(<RunningLowTile />)
    expect(await screen.findByText('Inventory is unavailable right now')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
