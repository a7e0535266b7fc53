import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Tag } from '@/lib/api/types'
import { makeTag } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { TagsPage } from './tags-page'

const holiday = makeTag({ transactionCount: 2 })
const trip = makeTag({ _id: 'tag-trip', name: 'Trip', color: '#FF9800', transactionCount: 1 })
const kids = makeTag({ _id: 'tag-kids', name: 'Kids', color: '#4CAF50', transactionCount: 0 })

/** The tags API over a list the test can read back. */
function serveTags(initial: Tag[]) {
  const state = { tags: [...initial], sent: [] as { method: string; path: string; body?: unknown }[] }
  server.use(
    http.get(apiUrl('/tags'), () => HttpResponse.json({ success: true, data: state.tags })),
    http.post(apiUrl('/tags'), async ({ request }) => {
      const body = (await request.json()) as { name: string; color: string }
      state.sent.push({ method: 'POST', path: '/tags', body })
      if (state.tags.some((t) => t.name.toLowerCase() === body.name.trim().toLowerCase())) {
        return HttpResponse.json(
          { success: false, code: 'conflict', message: 'A tag with this name already exists' },
          { status: 409 },
        )
      }
      const made = makeTag({ _id: 'tag-new', name: body.name.trim(), color: body.color, transactionCount: 0 })
      state.tags.push(made)
      return HttpResponse.json({ success: true, data: made }, { status: 201 })
    }),
    http.put(apiUrl('/tags/:id'), async ({ params, request }) => {
      const body = (await request.json()) as Partial<Tag>
      state.sent.push({ method: 'PUT', path: `/tags/${String(params.id)}`, body })
      state.tags = state.tags.map((t) => (t._id === params.id ? { ...t, ...body } : t))
      return HttpResponse.json({ success: true, data: state.tags.find((t) => t._id === params.id) })
    }),
    http.post(apiUrl('/tags/:id/merge'), async ({ params, request }) => {
      const body = (await request.json()) as { intoTagId: string }
      state.sent.push({ method: 'POST', path: `/tags/${String(params.id)}/merge`, body })
      state.tags = state.tags.filter((t) => t._id !== params.id)
      return HttpResponse.json({ success: true, data: state.tags.find((t) => t._id === body.intoTagId) })
    }),
    http.delete(apiUrl('/tags/:id'), ({ params }) => {
      state.sent.push({ method: 'DELETE', path: `/tags/${String(params.id)}` })
      state.tags = state.tags.filter((t) => t._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Tag deleted successfully' })
    }),
  )
  return state
}

describe('TagsPage', () => {
  it('lists the tags with their counts, each count a link to its transactions', async () => {
    serveTags([holiday, kids])
    renderWithProviders(<TagsPage />)
    const rows = await screen.findAllByTestId('tag-row')
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Holiday 2026'), expect.stringContaining('Kids')])
    expect(screen.getByRole('link', { name: '2 transactions' })).toHaveAttribute('href', '/transactions?tags=tag-holiday')
    expect(screen.getByText('0 transactions')).toBeInTheDocument()
  })

  it('says how tags help when there are none', async () => {
    serveTags([])
    renderWithProviders(<TagsPage />)
    expect(await screen.findByText('No tags yet')).toBeInTheDocument()
  })

  it("adds a tag, renames and recolours one, and shows the server's refusal of a taken name", async () => {
    const state = serveTags([holiday, kids])
    const { user } = renderWithProviders(<TagsPage />)
    await user.click(await screen.findByRole('button', { name: 'Add Tag' }))
    let dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Add Tag' }))
    expect(await within(dialog).findByText('Tag name is required')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Name'), 'kids')
    await user.click(within(dialog).getByRole('button', { name: 'Add Tag' }))
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'x'.repeat(31))
    await user.click(within(dialog).getByRole('button', { name: 'Add Tag' }))
    expect(await within(dialog).findByText('Tag name must be at most 30 characters')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Work expenses')
    await user.click(within(dialog).getByRole('radio', { name: 'Orange' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add Tag' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.sent.at(-1)).toEqual({ method: 'POST', path: '/tags', body: { name: 'Work expenses', color: '#FF9800' } })

    await user.click(await screen.findByRole('button', { name: 'Edit Kids' }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Kids')
    expect(within(dialog).getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'true')
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Children')
    await user.click(within(dialog).getByRole('radio', { name: 'Pink' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save Tag' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.sent.at(-1)).toEqual({ method: 'PUT', path: '/tags/tag-kids', body: { name: 'Children', color: '#E91E63' } })
    expect(await screen.findByText('Children')).toBeInTheDocument()
  })

  it('merges a tag into the one chosen after confirming what will happen', async () => {
    const state = serveTags([holiday, kids, trip])
    const { user } = renderWithProviders(<TagsPage />)
    await user.click(await screen.findByRole('button', { name: 'Merge Trip' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge Tag' })
    const merge = within(dialog).getByRole('button', { name: 'Merge' })
    expect(merge).toBeDisabled()
    const into = within(dialog).getByLabelText('Merge into')
    expect(within(into).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a tag', 'Holiday 2026', 'Kids'])
    await user.selectOptions(into, 'Holiday 2026')
    expect(within(dialog).getByText(/The 1 transaction tagged "Trip" will be tagged "Holiday 2026" instead/)).toBeInTheDocument()
    await user.click(merge)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(state.sent.at(-1)).toEqual({ method: 'POST', path: '/tags/tag-trip/merge', body: { intoTagId: 'tag-holiday' } })
    await waitFor(() => expect(screen.queryByText('Trip')).not.toBeInTheDocument())
  })

  it('deletes a tag after a confirmation that says no transaction is deleted', async () => {
    const state = serveTags([holiday])
    const { user } = renderWithProviders(<TagsPage />)
    expect(await screen.findByRole('button', { name: 'Merge Holiday 2026' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Delete Holiday 2026' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Tag' })
    expect(within(dialog).getByText('It comes off 2 transactions. No transaction is deleted.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(state.sent.at(-1)).toEqual({ method: 'DELETE', path: '/tags/tag-holiday' }))
    expect(await screen.findByText('No tags yet')).toBeInTheDocument()
  })
})
