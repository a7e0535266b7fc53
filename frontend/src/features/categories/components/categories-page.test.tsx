import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Category } from '@/lib/api/types'
import { makeCategory } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { CategoriesPage } from './categories-page'

function serveCategories(categories: Category[], counts: Record<string, number> = {}) {
  server.use(
    http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: categories })),
    http.get(apiUrl('/categories/:id/transactions-count'), ({ params }) =>
      HttpResponse.json({ success: true, transactionCount: counts[params.id as string] ?? 0 }),
    ),
  )
}

const groceries = makeCategory({ transactionCount: 4 })
const travel = makeCategory({ _id: 'cat-travel', name: 'Travel', icon: 'plane', transactionCount: 0 })
const hobby = makeCategory({
  _id: 'cat-hobby',
  name: 'Hobby Stuff',
  description: 'Paints',
  icon: 'camera',
  isDefault: false,
  transactionCount: 1,
})

describe('CategoriesPage', { timeout: 15_000 }, () => {
  it('lists default and custom categories with their counts; a default one in use cannot be deleted', async () => {
    serveCategories([groceries, travel, hobby])
    renderWithProviders(<CategoriesPage />)
    expect(await screen.findByRole('heading', { name: 'Default Categories (2)' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Custom Categories (1)' })).toBeInTheDocument()
    expect(screen.getByText('4 transactions')).toBeInTheDocument()
    expect(screen.getByText('1 transaction')).toBeInTheDocument()
    expect(screen.getAllByText('Default')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Delete Groceries' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete Travel' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Delete Hobby Stuff' })).toBeEnabled()
  })

  it('asks for the usage count first and refuses while transactions use the category', async () => {
    serveCategories([hobby], { 'cat-hobby': 3 })
    const { user } = renderWithProviders(<CategoriesPage />)
    await user.click(await screen.findByRole('button', { name: 'Delete Hobby Stuff' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Category' })
    expect(
      await within(dialog).findByText('Cannot delete category. It is being used by 3 transaction(s).'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText(/reassign those transactions/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled()
  })

  it('deletes an unused category after confirmation', async () => {
    let deleted = ''
    serveCategories([travel])
    server.use(
      http.delete(apiUrl('/categories/:id'), ({ params }) => {
        deleted = params.id as string
        return HttpResponse.json({ success: true, message: 'Category deleted successfully' })
      }),
    )
    const { user } = renderWithProviders(<CategoriesPage />)
    await user.click(await screen.findByRole('button', { name: 'Delete Travel' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Category' })
    expect(await within(dialog).findByText('Are you sure you want to delete "Travel"?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await screen.findByRole('heading', { name: 'Default Categories (1)' })
    expect(deleted).toBe('cat-travel')
  })

  it("shows 'No categories yet' and creates one with the picked colour and icon", async () => {
    serveCategories([])
    let body: unknown
    server.use(
      http.post(apiUrl('/categories'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, data: hobby }, { status: 201 })
      }),
    )
    const { user } = renderWithProviders(<CategoriesPage />)
    expect(await screen.findByText('No categories yet')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create First Category' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' })
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Category Name'), 'Pets')
    await user.click(within(dialog).getByRole('button', { name: 'Brown' }))
    expect(within(dialog).getByRole('button', { name: 'Brown' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Dumbbell' }))
    expect(within(dialog).getByRole('button', { name: 'Dumbbell' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(dialog).getByTestId('chosen-icon')).toHaveTextContent('Dumbbell')
    expect(within(dialog).getByRole('group', { name: 'Preview' })).toHaveTextContent('Pets')
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    await screen.findByText('No categories yet')
    expect(body).toEqual({ name: 'Pets', description: '', color: '#795548', icon: 'dumbbell', type: 'expense', taxTreatment: null })
  })
})
