import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import type { ErrorResponse } from '@/lib/api/types'
import { screenMatchMedia } from '@/test/media'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeItem } from '../lib/test-fixtures'
import { InventoryPage } from './inventory-page'
import { serveInventory, wideScreenMatchMedia } from './test-handlers'

const TODAY = '2026-06-10'
const today = () => TODAY

const milk = makeItem()
const rice = makeItem({
  _id: 'item-rice',
  name: 'Rice',
  category: 'Pasta & Rice',
  brand: '',
  currentStock: 0,
  defaultNeeded: 1,
  lastPrice: 2.5,
  preferredStore: 'Aldi',
  unit: 'bag',
  type: '',
  size: '',
  locationInHouse: '',
  stockStatus: 'red',
  expiryDate: '2026-06-01',
  expiryStatus: 'expired',
})
const soap = makeItem({
  _id: 'item-soap',
  name: 'Soap',
  category: 'Toiletries',
  brand: 'Dove',
  currentStock: 4,
  defaultNeeded: 2,
  lastPrice: 0.1,
  preferredStore: 'Boots',
  unit: 'item',
  stockStatus: 'green',
  expiryDate: '2026-06-15',
  expiryStatus: 'expiring_soon',
})

function serve(...args: Parameters<typeof serveInventory>) {
  const { state, handlers } = serveInventory(...args)
  server.use(...handlers)
  return state
}

const renderPage = () => renderWithProviders(<InventoryPage today={today} />, '/inventory')
const wide = () => vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
const tableRow = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) })

beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe('InventoryPage', { timeout: 20_000 }, () => {
  it('shows the wide table from msw data, with the totals in pence', async () => {
    wide()
    const state = serve({ items: [soap, milk, rice] })
    renderPage()
    expect(screen.getByRole('heading', { name: 'Inventory', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Manage your household items and track stock levels')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Shopping List' })).toHaveAttribute('href', '/shopping-list')
    await waitFor(() => expect(document.title).toBe('Inventory · MySpending'))

    const table = await screen.findByRole('table', { name: 'Inventory items' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual([
      'Name',
      'Brand',
      'Stock',
      'Needed',
      'Price',
      'Type',
      'Size',
      'Expiry',
      'Location',
      'Stock Value',
      'Store',
      'Total',
      'Actions',
    ])
    // Sorted by name, as the server sends them.
    expect(screen.getAllByTestId('inventory-table-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Milk',
      'Rice',
      'Soap',
    ])
    expect(state.listQueries).toEqual([''])

    const m = within(tableRow('Milk')).getAllByRole('cell').map((c) => c.textContent)
    expect(m.slice(0, 12)).toEqual([
      'Milk',
      'Cravendale',
      '2 bottles in stock',
      '3',
      '£1.15',
      'Fresh',
      '2 L',
      '-',
      'Fridge',
      '£2.30',
      'Tesco',
      '£3.45',
    ])
    expect(within(tableRow('Milk')).getByTestId('stock-chip')).toHaveAttribute('data-palette', 'orange')
    const r = within(tableRow('Rice')).getAllByRole('cell').map((c) => c.textContent)
    expect(r.slice(0, 12)).toEqual([
      'Rice',
      '-',
      '0 bags in stock',
      '1',
      '£2.50',
      '-',
      '-',
      'Expired: 01/06/2026Expired',
      '-',
      '£0.00',
      'Aldi',
      '£2.50',
    ])
    expect(within(tableRow('Rice')).getByTestId('stock-chip')).toHaveAttribute('data-palette', 'red')
    expect(within(tableRow('Soap')).getByText('Expires: 15/06/2026')).toBeInTheDocument()
    expect(within(tableRow('Soap')).getByText('Expires Soon')).toBeInTheDocument()
    expect(within(tableRow('Soap')).getByTestId('stock-chip')).toHaveAttribute('data-palette', 'green')

    const totals = screen.getByTestId('inventory-totals')
    expect(totals).toHaveTextContent('Grand Total (3 items)')
    // 115×3 + 250×1 + 10×2 = 615; stock 115×2 + 0 + 10×4 = 270.
    expect(screen.getByTestId('grand-total')).toHaveTextContent('£6.15')
    expect(screen.getByTestId('stock-value')).toHaveTextContent('£2.70')
  })

  it('shows rows with alerts on a small screen, each opening its item', async () => {
    serve({ items: [milk, rice, soap] })
    const { user, router } = renderPage()
    const rows = await screen.findAllByTestId('inventory-row')
    expect(rows).toHaveLength(3)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(rows[1]!).getByText('0 bags in stock')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('This item has expired!')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('This item expires soon!')).toBeInTheDocument()
    expect(within(rows[0]!).queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(rows[0]!).getByRole('link', { name: 'Milk' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/item-milk'))
  })

  it('shows 5 placeholders while the list loads', async () => {
    server.use(http.get(apiUrl('/inventory-items'), () => new Promise(() => {})))
    renderPage()
    expect(await screen.findAllByTestId('inventory-skeleton')).toHaveLength(5)
  })

  it('offers to add the first item when there are none', async () => {
    serve()
    const { user } = renderPage()
    expect(await screen.findByRole('heading', { name: 'No inventory items yet' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add First Item' }))
    expect(await screen.findByRole('dialog', { name: 'Add New Item' })).toBeInTheDocument()
  })

  it('sends the search as ?search= once typing pauses', async () => {
    const state = serve({ items: [milk, rice, soap] })
    const { user } = renderPage()
    await screen.findAllByTestId('inventory-row')
    await user.type(screen.getByPlaceholderText('Search items by name, brand, or store...'), 'BOOTS')
    await waitFor(() => expect(state.listQueries.at(-1)).toBe('?search=BOOTS'))
    // One request for the whole word, not one per key.
    expect(state.listQueries).toEqual(['', '?search=BOOTS'])
    await waitFor(() => expect(screen.getAllByTestId('inventory-row')).toHaveLength(1))
    expect(screen.getByText('Soap')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Search items'))
    await user.type(screen.getByLabelText('Search items'), 'nothing')
    expect(await screen.findByRole('heading', { name: 'No items match your search' })).toBeInTheDocument()
  })

  it('uses one of an item and disables the button while it runs and at zero', async () => {
    const state = serve({ items: [milk, rice] })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.patch(apiUrl('/inventory-items/:id/decrement'), async () => {
        await gate
        return undefined
      }),
    )
    const { user } = renderPage()
    await screen.findAllByTestId('inventory-row')
    expect(screen.getByRole('button', { name: 'Use one Rice' })).toBeDisabled()
    const useMilk = screen.getByRole('button', { name: 'Use one Milk' })
    expect(useMilk).toBeEnabled()
    await user.click(useMilk)
    await waitFor(() => expect(useMilk).toBeDisabled())
    release()
    await waitFor(() => expect(state.sent).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/inventory-items/item-milk/decrement' })]))
    expect(await screen.findByText('1 bottle in stock')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use one Milk' })).toBeEnabled())
  })

  it('says so when a decrement fails', async () => {
    serve({ items: [milk] })
    server.use(
      http.patch(apiUrl('/inventory-items/:id/decrement'), () =>
        HttpResponse.json(
          { success: false, code: 'conflict', message: 'Stock is already zero' } satisfies ErrorResponse,
          { status: 409 },
        ),
      ),
    )
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Use one Milk' }))
    expect(await screen.findByText('Stock is already zero')).toBeInTheDocument()
  })

  it('adds what is missing to the shopping list, or says the stock is sufficient', async () => {
    wide()
    const state = serve({ items: [milk, soap] })
    const { user } = renderPage()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Add Milk to Shopping List' }))
    expect(await screen.findByText('Item added to shopping list')).toBeInTheDocument()
    expect(state.sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/shopping-list',
        body: { inventoryItemId: 'item-milk', quantityToBuy: 1, addedManually: true },
      }),
    ])
    await user.click(screen.getByRole('button', { name: 'Add Soap to Shopping List' }))
    expect(await screen.findByText(/Stock is sufficient/)).toBeInTheDocument()
    expect(state.sent).toHaveLength(1)
  })

  it('edits an item from its row', async () => {
    wide()
    const state = serve({ items: [milk] })
    const { user } = renderPage()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Edit Milk' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' })
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Milk')
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Semi-skimmed Milk')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Inventory item updated successfully')).toBeInTheDocument()
    expect(state.sent[0]).toMatchObject({ method: 'PUT', path: '/api/inventory-items/item-milk' })
    expect(await screen.findByRole('link', { name: 'Semi-skimmed Milk' })).toBeInTheDocument()
  })

  it('deletes an item after confirmation', async () => {
    wide()
    const state = serve({ items: [milk, soap] })
    const { user } = renderPage()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Delete Milk' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Item' })
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Milk"? This action cannot be undone.')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Inventory item deleted successfully')).toBeInTheDocument()
    expect(state.sent).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/inventory-items/item-milk' })])
    await waitFor(() => expect(screen.getAllByTestId('inventory-table-row')).toHaveLength(1))
  })

  it("says 'Failed to fetch inventory items' when the list fails", async () => {
    server.use(http.get(apiUrl('/inventory-items'), () => new HttpResponse(null, { status: 500 })))
    renderPage()
    expect(await screen.findByText('Failed to fetch inventory items')).toBeInTheDocument()
  })

  it('at 1440 px folds Type, Size and Location under the name, so Total and Actions fit', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(screenMatchMedia(1440))
    serve({ items: [milk, rice] })
    renderPage()
    const table = await screen.findByRole('table', { name: 'Inventory items' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Name', 'Brand', 'Stock', 'Needed', 'Price', 'Expiry', 'Stock Value', 'Store', 'Total', 'Actions'])
    expect(within(tableRow('Milk')).getByTestId('item-folded-details')).toHaveTextContent('Fresh · 2 L · Fridge')
    // Nothing to fold: no empty line under the name.
    expect(within(tableRow('Rice')).queryByTestId('item-folded-details')).not.toBeInTheDocument()
  })
})
