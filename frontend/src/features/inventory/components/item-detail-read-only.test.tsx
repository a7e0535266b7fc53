import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { makeItem } from '../lib/test-fixtures'
import { ItemDetailPage } from './item-detail-page'
import { serveInventory } from './test-handlers'

describe('ItemDetailPage for a viewer', () => {
  it("puts Edit and Delete under the reason, disabled; Share and Copy stay", async () => {
    server.use(...serveInventory({ items: [makeItem()] }).handlers)
    const { user } = renderWithProviders(<ItemDetailPage id="item-milk" today={() => '2026-06-10'} />, '/inventory/item-milk', {
      household: VIEWER,
    })
    await user.click(await screen.findByRole('button', { name: 'Item actions' }))
    const group = await screen.findByRole('group', { name: READ_ONLY })
    for (const name of ['Edit Item', 'Delete Item']) {
      const item = screen.getByRole('menuitem', { name })
      expect(group).toContainElement(item)
      expect(item).toHaveAttribute('aria-disabled', 'true')
      expect(item).toHaveAccessibleDescription(READ_ONLY)
    }
    expect(screen.getByRole('menuitem', { name: 'Share' })).not.toHaveAttribute('aria-disabled')
  })
})
