import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { ErrorResponse } from '@/lib/api/types'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { UploadResponse } from '../api/upload-photo'
import { makeItem } from '../lib/test-fixtures'
import { ItemDialog } from './item-dialog'
import { serveInventory } from './test-handlers'

function renderDialog(item: ReturnType<typeof makeItem> | null = null, editTitle?: string) {
  const { state, handlers } = serveInventory({ items: item ? [item] : [] })
  server.use(...handlers)
  const onSaved = vi.fn()
  const onClose = vi.fn()
  const view = renderWithProviders(
    <ItemDialog open item={item} editTitle={editTitle} onSaved={onSaved} onClose={onClose} />,
  )
  return { ...view, state, onSaved, onClose }
}

describe('ItemDialog', () => {
  it('lists the fields in the spec order, with the defaults of a new item', async () => {
    renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    const labels = Array.from(dialog.querySelectorAll('label')).map((l) => l.textContent)
    expect(labels).toEqual([
      'Name',
      'Category',
      'Brand',
      'Current Stock',
      'Default Needed',
      'Last Price',
      'Unit',
      'Preferred Store (Optional)',
      'Expiry Date (Optional)',
      'Type (Optional)',
      'Size (Optional)',
      'Location in House (Optional)',
    ])
    expect(within(dialog).getByLabelText('Current Stock')).toHaveValue('0')
    expect(within(dialog).getByLabelText('Default Needed')).toHaveValue('1')
    expect(within(dialog).getByLabelText('Unit')).toHaveValue('item')
    expect(within(dialog).getByText('Fresh, Frozen, Canned')).toBeInTheDocument()
    // The category box suggests the fixed list.
    const category = within(dialog).getByRole('combobox', { name: 'Category' })
    const listId = category.getAttribute('list')!
    const options = document.getElementById(listId)!.querySelectorAll('option')
    expect(options[0]).toHaveValue('Produce')
    expect(options.length).toBeGreaterThan(130)
    expect(within(dialog).queryByLabelText('Image URL')).not.toBeInTheDocument()
  })

  it('shows the validation messages and sends nothing', async () => {
    const { user, state } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    await user.clear(within(dialog).getByLabelText('Current Stock'))
    await user.type(within(dialog).getByLabelText('Current Stock'), '-1')
    await user.clear(within(dialog).getByLabelText('Default Needed'))
    await user.type(within(dialog).getByLabelText('Last Price'), '-2')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Stock cannot be negative')).toBeInTheDocument()
    expect(within(dialog).getByText('Default needed is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Price cannot be negative')).toBeInTheDocument()
    expect(state.sent).toEqual([])
  })

  it('creates an item with the body the server takes and an idempotency key', async () => {
    const { user, state, onSaved, onClose } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    await user.type(within(dialog).getByLabelText('Name'), 'Bread')
    await user.type(within(dialog).getByLabelText('Category'), 'Bread')
    await user.type(within(dialog).getByLabelText('Brand'), 'Hovis')
    await user.clear(within(dialog).getByLabelText('Current Stock'))
    await user.type(within(dialog).getByLabelText('Current Stock'), '1')
    await user.clear(within(dialog).getByLabelText('Default Needed'))
    await user.type(within(dialog).getByLabelText('Default Needed'), '2')
    await user.type(within(dialog).getByLabelText('Last Price'), '1.4')
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'loaf')
    await user.type(within(dialog).getByLabelText('Preferred Store (Optional)'), 'Tesco')
    await user.type(within(dialog).getByLabelText('Expiry Date (Optional)'), '20/06/2026')
    await user.type(within(dialog).getByLabelText('Type (Optional)'), 'Fresh')
    await user.type(within(dialog).getByLabelText('Size (Optional)'), '800 g')
    await user.type(within(dialog).getByLabelText('Location in House (Optional)'), 'Bread bin')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Inventory item created successfully'))
    expect(onClose).toHaveBeenCalled()
    expect(state.sent).toHaveLength(1)
    expect(state.sent[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
    expect(state.sent[0]!.body).toEqual({
      name: 'Bread',
      category: 'Bread',
      brand: 'Hovis',
      currentStock: '1',
      defaultNeeded: '2',
      lastPrice: '1.40',
      preferredStore: 'Tesco',
      unit: 'loaf',
      expiryDate: '2026-06-20',
      type: 'Fresh',
      size: '800 g',
      locationInHouse: 'Bread bin',
      image: '',
    })
  })

  it('uploads a chosen photo first and saves the item with its path', async () => {
    const { user, state, onSaved } = renderDialog()
    let uploads = 0
    server.use(
      http.post(apiUrl('/inventory-items/upload-image'), async ({ request }) => {
        uploads += 1
        const form = await request.formData()
        // (jsdom's File does not survive into the test server's FormData; the field is there.)
        expect(form.has('image')).toBe(true)
        return HttpResponse.json(
          {
            success: true,
            data: {
              path: '/uploads/0123456789abcdef0123456789abcdef.jpg',
              thumbnail: '/uploads/0123456789abcdef0123456789abcdef-thumb.jpg',
            },
          } satisfies UploadResponse,
          { status: 201 },
        )
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    await user.type(within(dialog).getByLabelText('Name'), 'Bread')
    await user.type(within(dialog).getByLabelText('Category'), 'Bread')
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'loaf.jpg', { type: 'image/jpeg' })
    await user.upload(within(dialog).getByTestId('photo-file-input'), photo)
    expect(within(dialog).getByRole('img', { name: 'Item photo preview' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(uploads).toBe(1)
    expect((state.sent[0]!.body as { image: string }).image).toBe('/uploads/0123456789abcdef0123456789abcdef.jpg')
  })

  it('does not save the item when the photo upload fails, and refuses a file that is not an image', async () => {
    const { user, state, onSaved } = renderDialog()
    server.use(
      http.post(apiUrl('/inventory-items/upload-image'), () =>
        HttpResponse.json({ success: false, code: 'internal', message: '' } satisfies ErrorResponse, { status: 500 }),
      ),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    await user.type(within(dialog).getByLabelText('Name'), 'Bread')
    await user.type(within(dialog).getByLabelText('Category'), 'Bread')
    const input = within(dialog).getByTestId('photo-file-input')
    // A file the picker's filter let through anyway (a browser that ignores `accept`).
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    Object.defineProperty(input, 'files', { configurable: true, value: { 0: text, length: 1, item: () => text } })
    fireEvent.change(input)
    Object.defineProperty(input, 'files', { configurable: true, value: undefined })
    expect(within(dialog).getByText('Only image files can be uploaded')).toBeInTheDocument()
    await user.upload(input, new File([new Uint8Array([1])], 'loaf.png', { type: 'image/png' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Failed to upload image')).toBeInTheDocument()
    expect(state.sent).toHaveLength(0)
    expect(onSaved).not.toHaveBeenCalled()
    // Remove Image clears the choice; the item then saves without a photo.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Image' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect((state.sent[0]!.body as { image: string }).image).toBe('')
  })

  it('keeps the form open with the server message when the save fails', async () => {
    const { user, onSaved } = renderDialog()
    server.use(
      http.post(apiUrl('/inventory-items'), () =>
        HttpResponse.json(
          { success: false, code: 'validation', message: 'Stock must be a whole number' } satisfies ErrorResponse,
          { status: 400 },
        ),
      ),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    await user.type(within(dialog).getByLabelText('Name'), 'Bread')
    await user.type(within(dialog).getByLabelText('Category'), 'Bread')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('Stock must be a whole number')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Add New Item' })).toBeInTheDocument()
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('edits a stored item, keeping its image and a unit not on the list', async () => {
    const item = makeItem({ image: '/uploads/milk.jpg', unit: 'crate', expiryDate: '2026-06-20' })
    const { user, state, onSaved } = renderDialog(item, 'Edit Inventory Item')
    const dialog = await screen.findByRole('dialog', { name: 'Edit Inventory Item' })
    expect(within(dialog).getByLabelText('Last Price')).toHaveValue('1.15')
    expect(within(dialog).getByLabelText('Unit')).toHaveValue('crate')
    expect(within(dialog).getByLabelText('Expiry Date (Optional)')).toHaveValue('20/06/2026')
    expect(within(dialog).getByLabelText('Image URL')).toHaveValue('/uploads/milk.jpg')
    await user.clear(within(dialog).getByLabelText('Current Stock'))
    await user.type(within(dialog).getByLabelText('Current Stock'), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Inventory item updated successfully'))
    expect(state.sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/inventory-items/item-milk',
      idempotencyKey: null,
      body: { currentStock: '5', unit: 'crate', image: '/uploads/milk.jpg', expiryDate: '2026-06-20', lastPrice: '1.15' },
    })
  })

  it('offers metric units first and labels pound, ounce and cup by what they measure, sending the stored word', async () => {
    const { user, state, onSaved } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' })
    const unit = within(dialog).getByLabelText('Unit')
    const options = within(unit).getAllByRole('option')
    expect(options.slice(0, 6).map((o) => o.textContent)).toEqual([
      'item',
      'g (grams)',
      'kg (kilograms)',
      'ml (millilitres)',
      'L (litres)',
      'pint (UK, 568 ml)',
    ])
    const texts = options.map((o) => o.textContent)
    expect(texts).toContain('oz (ounce weight)')
    expect(texts).toContain('cup (US measure, 240 ml)')
    expect(texts).not.toContain('pound')
    await user.type(within(dialog).getByLabelText('Name'), 'Flour')
    await user.type(within(dialog).getByRole('combobox', { name: 'Category' }), 'Baking')
    await user.selectOptions(unit, 'lb (pound weight)')
    expect(unit).toHaveValue('pound')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(state.sent[0]!.body).toMatchObject({ name: 'Flour', unit: 'pound' })
  })
})
