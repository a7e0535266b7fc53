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

describe('CategoryDialog: what a category is for', () => {
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
