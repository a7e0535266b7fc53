import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { InventoryItem } from '../api/types'
import { makeItem } from '../lib/test-fixtures'
import { ItemDetailPage } from './item-detail-page'
import { serveInventory } from './test-handlers'
import { highlightMenuItem } from '@/test/menu'

const today = () => '2026-06-10'

function renderDetail(items: InventoryItem[], id = 'item-milk') {
  const { state, handlers } = serveInventory({ items })
  server.use(...handlers)
  const view = renderWithProviders(<ItemDetailPage id={id} today={today} />, `/inventory/${id}`)
  return { ...view, state }
}

type User = ReturnType<typeof renderDetail>['user']

/** Picks a menu entry with the keyboard (see app-layout.test.tsx for why). */
async function choose(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: 'Item actions' }))
  const entry = await screen.findByRole('menuitem', { name })
  await highlightMenuItem(user, entry)
  await user.keyboard('{Enter}')
}

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!

afterEach(() => vi.restoreAllMocks())

describe('ItemDetailPage', () => {
  it('shows the item with its stock and every row', async () => {
    renderDetail([makeItem({ expiryDate: '2026-06-12', expiryStatus: 'expiring_soon' })])
    expect(screen.getByTestId('detail-skeleton')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Milk', level: 1 })).toBeInTheDocument()
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument()
    expect(screen.getByText('Tesco', { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByTestId('stock-label')).toHaveTextContent('2 bottles in stock')
    expect(screen.getByTestId('stock-circle')).toHaveAttribute('data-palette', 'orange')
    expect(row('Category')).toHaveTextContent('Dairy')
    expect(row('Brand')).toHaveTextContent('Cravendale')
    expect(row('Last Price')).toHaveTextContent('£1.15')
    expect(row('Preferred Store')).toHaveTextContent('Tesco')
    expect(row('Type')).toHaveTextContent('Fresh')
    expect(row('Size')).toHaveTextContent('2 L')
    expect(row('Expiry Date')).toHaveTextContent('12/06/2026Expiring Soon')
    expect(row('Location in House')).toHaveTextContent('Fridge')
    expect(row('Default Needed')).toHaveTextContent('3 bottle')
    expect(row('Total Value')).toHaveTextContent('£3.45')
    expect(row('Current Stock Value')).toHaveTextContent('£2.30')
  })

  it("shows the image, 'Not specified' for empty fields and the Expired chip", async () => {
    renderDetail([
      makeItem({
        image: '/uploads/milk.jpg',
        brand: '',
        type: '',
        size: '',
        locationInHouse: '',
        expiryDate: '2026-06-01',
        expiryStatus: 'expired',
        stockStatus: 'red',
      }),
    ])
    expect(await screen.findByRole('img', { name: 'Milk' })).toHaveAttribute('src', '/uploads/milk.jpg')
    for (const label of ['Brand', 'Type', 'Size', 'Location in House']) {
      expect(row(label)).toHaveTextContent('Not specified')
    }
    expect(screen.getByTestId('expiry-chip')).toHaveTextContent('Expired')
    expect(screen.getByTestId('stock-circle')).toHaveAttribute('data-palette', 'red')
  })

  it("shows 'Inventory item not found' for a 404 with a way back", async () => {
    const { user, router } = renderDetail([], 'missing')
    expect(await screen.findByText('Inventory item not found')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to Inventory' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory'))
  })

  it("shows 'Failed to load inventory item details' for other failures", async () => {
    server.use(http.get(apiUrl('/inventory-items/:id'), () => new HttpResponse(null, { status: 500 })))
    renderWithProviders(<ItemDetailPage id="item-milk" />, '/inventory/item-milk')
    expect(await screen.findByText('Failed to load inventory item details')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Inventory' })).toBeInTheDocument()
  })

  it('copies the share line to the clipboard when the device cannot share', async () => {
    const { user } = renderDetail([makeItem()])
    await screen.findByRole('heading', { name: 'Milk' })
    expect('share' in navigator && typeof navigator.share === 'function').toBe(false)
    await choose(user, 'Share')
    expect(await screen.findByText('Item details copied to clipboard')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe('Milk: 2 bottles in stock')
  })

  it('uses the share sheet when the device has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    try {
      const { user } = renderDetail([makeItem()])
      await screen.findByRole('heading', { name: 'Milk' })
      await choose(user, 'Share')
      await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Milk', text: 'Milk: 2 bottles in stock' }))
      expect(screen.queryByText('Item details copied to clipboard')).not.toBeInTheDocument()
    } finally {
      delete (navigator as { share?: unknown }).share
    }
  })

  it('copies the details', async () => {
    const { user } = renderDetail([makeItem()])
    await screen.findByRole('heading', { name: 'Milk' })
    await choose(user, 'Copy Details')
    expect(await screen.findByText('Item details copied to clipboard')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toContain('Category: Dairy')
  })

  it("edits in 'Edit Inventory Item' and says so", async () => {
    const { user, state } = renderDetail([makeItem()])
    await screen.findByRole('heading', { name: 'Milk' })
    await choose(user, 'Edit Item')
    const dialog = await screen.findByRole('dialog', { name: 'Edit Inventory Item' })
    await user.clear(within(dialog).getByLabelText('Current Stock'))
    await user.type(within(dialog).getByLabelText('Current Stock'), '6')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Inventory item updated successfully')).toBeInTheDocument()
    expect(await screen.findByText('6 bottles in stock')).toBeInTheDocument()
    expect(state.sent[0]).toMatchObject({ method: 'PUT', body: { currentStock: '6' } })
  })

  it('deletes after confirmation, says so, then goes back to the list after 1.5 s', async () => {
    const { user, state, router } = renderDetail([makeItem()])
    await screen.findByRole('heading', { name: 'Milk' })
    await choose(user, 'Delete Item')
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Item' })
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Milk"? This action cannot be undone.')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Inventory item deleted successfully')).toBeInTheDocument()
    expect(state.sent).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/inventory-items/item-milk' })])
    // Still on the page (no refetch of the deleted item) until the redirect.
    expect(router.state.location.pathname).toBe('/inventory/item-milk')
    expect(screen.queryByText('Inventory item not found')).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory'), { timeout: 3000 })
  })
})
