import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeCategory } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { CategoryDialog } from './category-dialog'

function recordWrites() {
  const bodies: unknown[] = []
  const answer = async ({ request }: { request: Request }) => {
    bodies.push(await request.json())
    return HttpResponse.json({ success: true, data: makeCategory({ _id: 'new', name: 'x' }) }, { status: 201 })
  }
  server.use(http.post(apiUrl('/categories'), answer), http.put(apiUrl('/categories/:id'), answer))
  return bodies
}

const typeButton = (dialog: HTMLElement, name: 'Income' | 'Expense') => within(dialog).getByRole('button', { name })

// Typing into a dialog takes seconds on a loaded machine: the tests' limit allows for it.
describe('CategoryDialog: what a category is for', { timeout: 15_000 }, () => {
  it("follows a new category's name until the user picks a type", async () => {
    const bodies = recordWrites()
    const { user } = renderWithProviders(<CategoryDialog open onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' })
    expect(typeButton(dialog, 'Expense')).toHaveAttribute('aria-pressed', 'true')
    expect(within(dialog).getByText(/can have a monthly budget/)).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Category Name'), 'Rental income')
    expect(typeButton(dialog, 'Income')).toHaveAttribute('aria-pressed', 'true')
    expect(within(dialog).getByText(/income categories have no budget/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    await screen.findByText('Category created successfully')
    expect(bodies).toEqual([expect.objectContaining({ name: 'Rental income', type: 'income' })])
  })

  it('keeps the type the user picked whatever the name then says', async () => {
    const bodies = recordWrites()
    const { user } = renderWithProviders(<CategoryDialog open onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' })
    await user.click(typeButton(dialog, 'Income'))
    await user.type(within(dialog).getByLabelText('Category Name'), 'Lodger')
    expect(typeButton(dialog, 'Income')).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    await screen.findByText('Category created successfully')
    expect(bodies).toEqual([expect.objectContaining({ name: 'Lodger', type: 'income' })])
  })

  it("opens an existing category on its own type and saves a change of type", async () => {
    const bodies = recordWrites()
    const lodger = makeCategory({ _id: 'cat-lodger', name: 'Lodger', type: 'income', isDefault: false })
    const { user } = renderWithProviders(<CategoryDialog open onClose={() => {}} category={lodger} />)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' })
    expect(typeButton(dialog, 'Income')).toHaveAttribute('aria-pressed', 'true')
    await user.click(typeButton(dialog, 'Expense'))
    await user.click(within(dialog).getByRole('button', { name: 'Update Category' }))
    await screen.findByText('Category updated successfully')
    expect(bodies).toEqual([expect.objectContaining({ name: 'Lodger', type: 'expense' })])
  })
})

describe('CategoryDialog: Self Assessment', { timeout: 15_000 }, () => {
  it('offers the treatment that fits the type, sends it, and drops it when the type changes', async () => {
    const bodies = recordWrites()
    const office = makeCategory({ _id: 'cat-office', name: 'Office', type: 'expense', isDefault: false })
    const { user } = renderWithProviders(<CategoryDialog open onClose={() => {}} category={office} />)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' })
    const treatment = within(dialog).getByLabelText('Tax treatment')
    expect(treatment).toHaveValue('none')
    expect(within(treatment).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Not for Self Assessment',
      'Allowable expense (Self Assessment)',
    ])
    await user.selectOptions(treatment, 'allowable')
    await user.click(within(dialog).getByRole('button', { name: 'Update Category' }))
    await screen.findByText('Category updated successfully')
    expect(bodies).toEqual([expect.objectContaining({ name: 'Office', type: 'expense', taxTreatment: 'allowable' })])
  })

  it('opens a marked income category on its treatment and clears it when the type changes', async () => {
    const bodies = recordWrites()
    const freelance = makeCategory({ _id: 'cat-f', name: 'Freelance', type: 'income', taxTreatment: 'income' })
    const { user } = renderWithProviders(<CategoryDialog open onClose={() => {}} category={freelance} />)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' })
    expect(within(dialog).getByLabelText('Tax treatment')).toHaveValue('income')
    await user.click(typeButton(dialog, 'Expense'))
    expect(within(dialog).getByLabelText('Tax treatment')).toHaveValue('none')
    await user.click(within(dialog).getByRole('button', { name: 'Update Category' }))
    await screen.findByText('Category updated successfully')
    expect(bodies).toEqual([expect.objectContaining({ type: 'expense', taxTreatment: null })])
  })
})

describe('CategoryDialog: words, not codes', () => {
  it("says 'Colour' and names every swatch and icon in words, never a hex code or an icon id", async () => {
    const { user } = renderWithProviders(<CategoryDialog open onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' })
    expect(within(dialog).getByText('Colour')).toBeInTheDocument()
    expect(within(dialog).queryByText(/\bColor\b/)).not.toBeInTheDocument()

    const swatches = within(within(dialog).getByRole('group', { name: 'Colour' })).getAllByRole('button')
    expect(swatches).toHaveLength(16)
    expect(swatches.slice(0, 4).map((s) => s.getAttribute('aria-label'))).toEqual([
      'Red',
      'Pink',
      'Purple',
      'Deep Purple',
    ])
    for (const s of swatches) {
      expect(s.getAttribute('aria-label')).not.toMatch(/#/)
      expect(s).toHaveAttribute('title', s.getAttribute('aria-label'))
    }
    // The new category's default colour is Blue.
    expect(within(dialog).getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true')

    const icons = within(within(dialog).getByRole('group', { name: 'Icon' })).getAllByRole('button')
    expect(icons).toHaveLength(20)
    for (const i of icons) expect(i.getAttribute('aria-label')).not.toMatch(/-|^[a-z]/)
    expect(within(dialog).getByTestId('chosen-icon')).toHaveTextContent('Shopping cart')
    await user.click(within(dialog).getByRole('button', { name: 'Knife and fork' }))
    expect(within(dialog).getByTestId('chosen-icon')).toHaveTextContent('Knife and fork')
    expect(dialog).not.toHaveTextContent(/shopping-cart|utensils/)
  })

  it("shows no caption for an old category's icon that is not on the list", async () => {
    const old = makeCategory({ _id: 'cat-old', name: 'Old', icon: 'rocket', isDefault: false })
    renderWithProviders(<CategoryDialog open onClose={() => {}} category={old} />)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' })
    expect(within(dialog).queryByTestId('chosen-icon')).not.toBeInTheDocument()
    expect(dialog).not.toHaveTextContent('rocket')
  })
})
