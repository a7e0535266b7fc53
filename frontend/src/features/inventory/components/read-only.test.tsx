import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { makeItem } from '../lib/test-fixtures'
import { InventoryPage } from './inventory-page'
import { ShoppingListPage } from './shopping-list-page'
import { makeEntry, serveShopping } from './shopping-test-handlers'
import { serveInventory, wideScreenMatchMedia } from './test-handlers'

afterEach(() => vi.restoreAllMocks())

const inventory = <InventoryPage today={() => '2026-06-10'} />

describe('InventoryPage for a viewer', () => {
  it('disables Add Item and each item’s edit, add to list and delete, saying why', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    server.use(...serveInventory({ items: [makeItem()] }).handlers)
    renderWithProviders(inventory, '/inventory', { household: VIEWER })
    await screen.findByRole('button', { name: 'Edit Milk' })
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    for (const name of ['Add Item', 'Edit Milk', 'Add Milk to Shopping List', 'Delete Milk', 'Use one Milk']) {
      expectReadOnly(screen.getByRole('button', { name }))
    }
  })

  it('disables using one on a phone', async () => {
    server.use(...serveInventory({ items: [makeItem()] }).handlers)
    renderWithProviders(inventory, '/inventory', { household: VIEWER })
    expectReadOnly(await screen.findByRole('button', { name: 'Use one Milk' }))
  })

  it('leaves a member every action', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    server.use(...serveInventory({ items: [makeItem()] }).handlers)
    renderWithProviders(inventory, '/inventory', { household: MEMBER })
    expect(await screen.findByRole('button', { name: 'Edit Milk' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled()
  })
})

describe('ShoppingListPage for a viewer', () => {
  it('disables adding, ticking, the entry’s fields and Remove, saying why', async () => {
    server.use(...serveShopping({ entries: [makeEntry()] }).handlers)
    const { user } = renderWithProviders(<ShoppingListPage />, '/shopping-list', { household: VIEWER })
    const tick = await screen.findByRole('checkbox', { name: 'Buy Milk' })
    expect(tick).toBeDisabled()
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    expectReadOnly(screen.getByRole('button', { name: 'Add Item to Shopping List' }))

    // The details still open: reading them is not a change.
    await user.click(screen.getByRole('button', { name: 'Details for Milk' }))
    const details = await screen.findByTestId('entry-details')
    for (const field of ['Qty for Milk', 'Price for Milk', 'Store for Milk']) {
      expect(within(details).getByLabelText(field)).toBeDisabled()
    }
    expectReadOnly(within(details).getByRole('button', { name: 'Remove Milk from shopping list' }))
    // Nothing ticked, nothing to complete.
    expect(screen.queryByTestId('complete-bar')).not.toBeInTheDocument()
  })

  it('leaves a member ticking and completing', async () => {
    server.use(...serveShopping({ entries: [makeEntry()] }).handlers)
    const { user } = renderWithProviders(<ShoppingListPage />, '/shopping-list', { household: MEMBER })
    await user.click(await screen.findByRole('checkbox', { name: 'Buy Milk' }))
    expect(await screen.findByRole('button', { name: /^Complete \(1\)/ })).toBeEnabled()
  })
})
