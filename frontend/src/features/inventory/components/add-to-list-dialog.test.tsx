import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { AddToListDialog } from './add-to-list-dialog'
import { makeShoppingItem, serveShopping } from './shopping-test-handlers'

const milk = makeShoppingItem({ currentStock: 1, defaultNeeded: 3 })
const eggs = makeShoppingItem({ _id: 'item-eggs', name: 'Eggs', brand: '', unit: 'pieces', currentStock: 0 })

async function renderDialog() {
  const api = serveShopping({ items: [milk, eggs] })
  server.use(...api.handlers)
  const onClose = vi.fn()
  const view = renderWithProviders(<AddToListDialog open onClose={onClose} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Item to Shopping List' }))
  return { ...view, api, onClose, dialog }
}

describe('AddToListDialog', { timeout: 20_000 }, () => {
  it('adds an existing item with a whole quantity', async () => {
    const { user, api, onClose, dialog } = await renderDialog()
    expect(dialog.getByRole('button', { name: 'Select Existing Item' })).toHaveAttribute('aria-pressed', 'true')
    const add = dialog.getByRole('button', { name: 'Add to List' })
    expect(add).toBeDisabled()

    const select = dialog.getByLabelText('Item')
    await waitFor(() =>
      expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Select an item',
        'Milk - Cravendale (1 litres in stock)',
        'Eggs (0 pieces in stock)',
      ]),
    )
    await user.selectOptions(select, 'item-milk')
    expect(dialog.getByTestId('item-preview')).toHaveTextContent('Current stock: 1 litres')
    expect(dialog.getByTestId('item-preview')).toHaveTextContent('Default needed: 3 litres')

    const quantity = dialog.getByLabelText('Quantity')
    await user.clear(quantity)
    expect(add).toBeDisabled()
    await user.type(quantity, '0')
    expect(add).toBeDisabled()
    await user.clear(quantity)
    await user.type(quantity, '2.5')
    expect(quantity).toHaveValue('25')
    await user.clear(quantity)
    await user.type(quantity, '3')
    expect(add).toBeEnabled()
    await user.click(add)

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(api.state.sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/shopping-list',
        body: { inventoryItemId: 'item-milk', quantityToBuy: 3, addedManually: true },
      }),
    ])
  })

  it('creates a new item, then adds it to the list', async () => {
    const { user, api, onClose, dialog } = await renderDialog()
    await user.click(dialog.getByRole('button', { name: 'Add New Item' }))
    const add = dialog.getByRole('button', { name: 'Add to List' })
    expect(add).toBeDisabled()
    await user.type(dialog.getByRole('textbox', { name: /Item Name/ }), 'Butter')
    await user.type(dialog.getByLabelText('Brand'), 'Lurpak')
    await user.type(dialog.getByLabelText('Price per unit'), '2.5')
    const quantity = dialog.getByLabelText('Quantity to Buy')
    await user.clear(quantity)
    await user.type(quantity, '2')
    await user.click(add)

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(api.state.sent.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/inventory-items'],
      ['POST', '/shopping-list'],
    ])
    expect(api.state.sent[0]!.body).toMatchObject({
      name: 'Butter',
      brand: 'Lurpak',
      lastPrice: '2.50',
      currentStock: '0',
      defaultNeeded: '2',
      category: 'Other',
      unit: 'pieces',
      type: 'Other',
    })
    expect(api.state.sent[1]!.body).toEqual({ inventoryItemId: 'item-new', quantityToBuy: 2, addedManually: true })
  })

  it('stays open with the message when adding fails', async () => {
    const { user, onClose, dialog } = await renderDialog()
    server.use(http.post(apiUrl('/shopping-list'), () => new HttpResponse(null, { status: 500 })))
    await user.click(dialog.getByRole('button', { name: 'Add New Item' }))
    await user.type(dialog.getByRole('textbox', { name: /Item Name/ }), 'Butter')
    await user.click(dialog.getByRole('button', { name: 'Add to List' }))
    expect(await dialog.findByText('Failed to add item to shopping list')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })
})
