import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeTag } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { RulesPage } from './rules-page'
import { serveRules } from './test-handlers'

const holiday = makeTag()
const kids = makeTag({ _id: 'tag-kids', name: 'Kids', color: '#4CAF50' })

describe("a rule's 'add tags' action", () => {
  it('offers the household tags as toggles, sends the chosen ids and shows them on the rule', async () => {
    const { state, handlers } = serveRules()
    server.use(...handlers, ...ledgerHandlers({ tags: [holiday, kids] }))
    const { user } = renderWithProviders(<RulesPage />, '/settings/rules')
    await user.click(await screen.findByRole('button', { name: 'Add your first rule' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' })
    await user.type(within(dialog).getByLabelText('Text to match'), 'EASYJET')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    const tags = within(dialog).getByRole('group', { name: 'Add tags' })
    await user.click(within(tags).getByRole('button', { name: 'Holiday 2026' }))
    expect(within(tags).getByRole('button', { name: 'Holiday 2026' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(tags).getByRole('button', { name: 'Kids' })).toHaveAttribute('aria-pressed', 'false')
    await user.click(within(dialog).getByRole('button', { name: 'Create Rule' }))
    await waitFor(() => expect(state.sent[0]?.body).toMatchObject({ pattern: 'EASYJET', tagIds: ['tag-holiday'] }))
    const row = await screen.findByTestId('rule-row')
    expect(within(row).getAllByTestId('tag-chip').map((c) => c.textContent)).toEqual(['Holiday 2026'])
  }, 20_000)
})
