import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { RulesPage } from './rules-page'
import { makeRule, serveRules } from './test-handlers'

const rules = [makeRule(), makeRule({ _id: 'rule-rent', position: 1, pattern: 'RENT' })]

function serve() {
  server.use(...serveRules({ rules }).handlers, ...ledgerHandlers())
}

describe('RulesPage for a viewer', () => {
  it('disables adding, applying, moving, editing and deleting rules, saying why', async () => {
    serve()
    renderWithProviders(<RulesPage />, '/settings/rules', { household: VIEWER })
    await screen.findAllByTestId('rule-row')
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    expectReadOnly(screen.getByRole('button', { name: 'Add Rule' }))
    expectReadOnly(screen.getByRole('button', { name: 'Apply to existing transactions' }))
    for (const button of screen.getAllByRole('button', { name: /^(Move rule|Edit rule|Delete rule)/ })) {
      expectReadOnly(button)
    }
  })

  it('leaves a member every action', async () => {
    serve()
    renderWithProviders(<RulesPage />, '/settings/rules', { household: MEMBER })
    await screen.findAllByTestId('rule-row')
    expect(screen.getByRole('button', { name: 'Add Rule' })).toBeEnabled()
    expect(screen.getAllByRole('button', { name: /^Edit rule/ })[0]).toBeEnabled()
    // The first rule cannot move up, whoever asks.
    expect(screen.getAllByRole('button', { name: /^Move rule .* up$/ })[0]).toBeDisabled()
  })
})
