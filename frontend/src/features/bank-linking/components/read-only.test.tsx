import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectReadOnly, MEMBER, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { makeConnection } from '../lib/test-fixtures'
import { BankConnections } from './bank-connections'
import { serveBank } from './test-handlers'
import { useBankLinking } from './use-bank-linking'

function Connections() {
  return <BankConnections linking={useBankLinking()} canConnect />
}

const expired = makeConnection({ itemId: 'item-old', institutionName: 'Old Bank', isActive: false, errorCode: 'ITEM_LOGIN_REQUIRED' })

describe('BankConnections for a viewer', () => {
  it('disables Sync now, Reconnect and Disconnect, saying why', async () => {
    server.use(...serveBank({ connections: [makeConnection(), expired] }).handlers)
    renderWithProviders(<Connections />, '/accounts', { household: VIEWER })
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    expectReadOnly(within(linked).getByRole('button', { name: 'Sync now' }))
    expectReadOnly(within(linked).getByRole('button', { name: 'Disconnect' }))
    expectReadOnly(screen.getByRole('button', { name: 'Reconnect' }))
  })

  it('leaves a member every action', async () => {
    server.use(...serveBank({ connections: [makeConnection()] }).handlers)
    renderWithProviders(<Connections />, '/accounts', { household: MEMBER })
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    expect(within(linked).getByRole('button', { name: 'Sync now' })).toBeEnabled()
    expect(within(linked).getByRole('button', { name: 'Disconnect' })).toBeEnabled()
  })
})
