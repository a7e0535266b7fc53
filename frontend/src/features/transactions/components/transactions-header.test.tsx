import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { TransactionsHeader } from './transactions-header'
import { highlightMenuItem } from '@/test/menu'

function renderHeader(accountId = '') {
  const onExport = vi.fn()
  const view = renderWithProviders(
    <TransactionsHeader
      accountId={accountId}
      exporting={false}
      onExport={onExport}
      onAddTransaction={vi.fn()}
      onCreateTransfer={vi.fn()}
    />,
  )
  return { ...view, onExport }
}

/** Picks an item with the keyboard (zag.js only highlights under the pointer when its modality says so, which jsdom does not keep). */
async function choose(user: UserEvent, name: string) {
  const item = await screen.findByRole('menuitem', { name })
  await highlightMenuItem(user, item)
  expect(item).toHaveAttribute('data-highlighted')
  await user.keyboard('{Enter}')
}

describe('the transactions header', () => {
  it('has its wide buttons, Add, and a phone’s More menu whose items stay hidden until opened', () => {
    renderHeader()
    expect(screen.getByRole('heading', { name: 'Transactions', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Import statement' })).toHaveAttribute('href', '/import')
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-haspopup', 'menu')
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument()
  })

  it('More offers Import statement (to the filtered account) and Export CSV', async () => {
    const { user, onExport } = renderHeader('acc 1')
    expect(screen.getByRole('link', { name: 'Import statement' })).toHaveAttribute('href', '/import?accountId=acc%201')
    await user.click(screen.getByRole('button', { name: 'More' }))
    expect(await screen.findByRole('menuitem', { name: 'Import statement' })).toHaveAttribute(
      'href',
      '/import?accountId=acc%201',
    )
    await choose(user, 'Export CSV')
    await waitFor(() => expect(onExport).toHaveBeenCalledOnce())
  })

  it('More’s Import statement opens /import', async () => {
    const { user, router } = renderHeader('acc-2')
    await user.click(screen.getByRole('button', { name: 'More' }))
    await choose(user, 'Import statement')
    await waitFor(() => expect(router.state.location.pathname).toBe('/import'))
    expect(router.state.location.search).toBe('?accountId=acc-2')
  })
})
