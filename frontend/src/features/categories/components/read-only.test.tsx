import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeCategory } from '@/test/fixtures'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { CategoriesPage } from './categories-page'

const hobby = makeCategory({ _id: 'cat-hobby', name: 'Hobby Stuff', isDefault: false })

function serve(categories = [makeCategory(), hobby]) {
  server.use(http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: categories })))
}

describe('CategoriesPage for a viewer', () => {
  it('disables adding, editing and deleting, saying why', async () => {
    serve()
    renderWithProviders(<CategoriesPage />, '/categories', { household: VIEWER })
    await screen.findByText('Hobby Stuff')
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    for (const name of ['Add Category', 'Edit Groceries', 'Delete Groceries', 'Edit Hobby Stuff', 'Delete Hobby Stuff']) {
      expectReadOnly(screen.getByRole('button', { name }))
    }
  })

  it('disables the first category’s button too', async () => {
    serve([])
    renderWithProviders(<CategoriesPage />, '/categories', { household: VIEWER })
    expectReadOnly(await screen.findByRole('button', { name: 'Create First Category' }))
  })

  it('leaves a member every action', async () => {
    serve()
    renderWithProviders(<CategoriesPage />, '/categories', { household: MEMBER })
    await screen.findByText('Hobby Stuff')
    expect(screen.getByRole('button', { name: 'Add Category' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Delete Hobby Stuff' })).toBeEnabled()
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
  })
})
