import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeAccount } from '@/test/fixtures'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { AccountsPage } from './accounts-page'

const accounts = [makeAccount(), makeAccount({ _id: 'acc-cash', name: 'Wallet', type: 'cash' })]

function serve(list = accounts) {
  server.use(
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts: list, netWorth: 0, totalAccounts: list.length } }),
    ),
  )
}

const page = <AccountsPage onTransfer={() => {}} canConnectBank onConnectBank={() => {}} />

describe('AccountsPage for a viewer', () => {
  it('disables Transfer, Add Manually, Connect Bank and each card’s actions, saying why', async () => {
    serve()
    renderWithProviders(page, '/accounts', { household: VIEWER })
    await screen.findByText('Wallet')
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    for (const name of ['Transfer', 'Add Manually', 'Connect Bank', 'Actions for Everyday Current', 'Actions for Wallet']) {
      expectReadOnly(screen.getByRole('button', { name }))
    }
  })

  it('offers no way to add a first account either', async () => {
    serve([])
    renderWithProviders(page, '/accounts', { household: VIEWER })
    await screen.findByText('No accounts yet')
    for (const button of screen.getAllByRole('button', { name: 'Add Manually' })) expectReadOnly(button)
  })

  it('leaves a member every action', async () => {
    serve()
    const { user } = renderWithProviders(page, '/accounts', { household: MEMBER })
    await screen.findByText('Wallet')
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Connect Bank' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Actions for Wallet' }))
    expect(await screen.findByRole('menuitem', { name: 'Edit Account' })).not.toHaveAttribute('aria-disabled')
  })
})
