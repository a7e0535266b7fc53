import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { Copy, Pencil, Trash2 } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { renderWithProviders } from '@/test/render'
import { DetailActions, DetailItem, DetailList, DetailPage, DetailPageStatus } from './detail-page'
import { highlightMenuItem } from '@/test/menu'

const BACK = { to: '/things', label: 'Back to Things' }

type Query = Parameters<typeof DetailPageStatus>[0]['query']

const pending: Query = { isPending: true, isError: false, error: null, fetchStatus: 'fetching', refetch: vi.fn() }
const failed = (error: unknown): Query => ({ isPending: false, isError: true, error, fetchStatus: 'idle', refetch: vi.fn() })

function renderStatus(query: Query, title?: string) {
  return renderWithProviders(
    <DetailPageStatus
      query={query}
      title={title}
      loadingLabel="Loading thing"
      notFound="Thing not found"
      fallbackError="Failed to load thing"
      back={BACK}
    />,
  )
}

/** Picks a menu entry with the keyboard (see lazy-menu.test.tsx for why). */
async function choose(user: UserEvent, name: string) {
  const entry = await screen.findByRole('menuitem', { name })
  await highlightMenuItem(user, entry)
  await user.keyboard('{Enter}')
}

describe('DetailPageStatus', () => {
  it('shows a named skeleton while the record loads', () => {
    renderStatus(pending)
    expect(screen.getByRole('status', { name: 'Loading thing' })).toHaveAttribute('data-testid', 'detail-skeleton')
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('says the record does not exist on a 404, under the title, with the way back', async () => {
    renderStatus(failed(new ApiError(404, 'Not found on the server')), 'Thing')
    expect(await screen.findByRole('heading', { name: 'Thing', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Thing not found')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Things' })).toHaveAttribute('href', '/things')
  })

  it('shows the load alert with Retry on any other failure, and no heading without a title', async () => {
    const query = failed(new ApiError(500))
    const { user } = renderStatus(query)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load thing')
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(query.refetch).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Back to Things' })).toBeInTheDocument()
  })
})

describe('DetailPage', () => {
  it('puts the way back and the actions above the content', () => {
    renderWithProviders(
      <DetailPage back={BACK} actions={<button type="button">Actions</button>}>
        <DetailList>
          <DetailItem label="Colour" value="Teal" />
        </DetailList>
      </DetailPage>,
    )
    expect(screen.getByRole('link', { name: 'Back to Things' })).toHaveAttribute('href', '/things')
    expect(screen.getByRole('button', { name: 'Actions' })).toBeInTheDocument()
    expect(screen.getByText('Colour', { selector: 'dt' }).parentElement).toHaveTextContent('ColourTeal')
  })
})

describe('DetailActions', () => {
  const actions = [
    { value: 'edit', label: 'Edit Thing', icon: Pencil, unavailable: 'You are offline' },
    { value: 'copy', label: 'Copy Details', icon: Copy },
    { value: 'delete', label: 'Delete Thing', icon: Trash2, danger: true },
  ]

  it('offers the actions, an unavailable one disabled with its reason, and reports the one chosen', async () => {
    const onSelect = vi.fn()
    const { user } = renderWithProviders(<DetailActions label="Thing actions" actions={actions} onSelect={onSelect} />)
    await user.click(screen.getByRole('button', { name: 'Thing actions' }))
    const edit = await screen.findByRole('menuitem', { name: 'Edit Thing' })
    expect(edit).toHaveAttribute('data-disabled')
    expect(edit).toHaveAttribute('title', 'You are offline')
    expect(screen.getByRole('menuitem', { name: 'Delete Thing' })).not.toHaveAttribute('data-disabled')
    await choose(user, 'Copy Details')
    expect(onSelect).toHaveBeenCalledWith('copy')
  })

  it('is off as a whole when disabled', () => {
    renderWithProviders(<DetailActions label="Thing actions" actions={actions} onSelect={vi.fn()} disabled />)
    expect(screen.getByRole('button', { name: 'Thing actions' })).toBeDisabled()
  })
})
