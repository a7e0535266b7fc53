import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { PlaidLinkOptions } from 'react-plaid-link'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { serveBank } from '@/features/bank-linking/components/test-handlers'
import { makeConnection } from '@/features/bank-linking/lib/test-fixtures'
import { toaster } from '@/components/notify'
import { makeAccount, makeUser } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const manual = makeAccount({ _id: 'acc-cash', name: 'Wallet', type: 'cash', initialBalance: 0, currentBalance: 20 })
const current = makeAccount({ _id: 'acc-demo-current', name: 'Everyday Current', initialBalance: 0, currentBalance: 1520.4 })
const card = makeAccount({
  _id: 'acc-demo-card',
  name: 'Rewards Credit Card',
  type: 'credit_card',
  initialBalance: 0,
  currentBalance: -239.49,
  creditLimit: 3000,
})

function cardOf(name: string) {
  return screen.getAllByTestId('account-card').find((c) => within(c).queryByText(name))!
}

function openAccounts(options: Parameters<typeof serveBank>[0], path = '/accounts', canConnectBank = true) {
  const bank = serveBank(options)
  // The first handler that matches answers: the bank's before the ledger's empty GET /plaid/items.
  server.use(
    ...bank.handlers,
    http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser({ canConnectBank }) })),
    ...ledgerHandlers({ accounts: [manual, current, card] }),
  )
  return { ...renderApp(path, { token: 'tok' }), state: bank.state }
}

/** Plaid Link itself: the options it was last created with, and its open(). */
const plaid = vi.hoisted(() => ({ options: null as PlaidLinkOptions | null, open: (() => {}) as () => void }))

vi.mock('react-plaid-link', () => ({
  usePlaidLink: (options: PlaidLinkOptions) => {
    plaid.options = options
    return { open: plaid.open, ready: true, error: null, exit: () => {}, submit: () => {} }
  },
}))

beforeEach(() => {
  toaster.remove()
  window.sessionStorage.clear()
  plaid.options = null
  plaid.open = vi.fn()
})

describe('bank linking on /accounts', () => {
  it("marks the accounts a bank imports into as 'Linked' and lists the bank", async () => {
    openAccounts({ connections: [makeConnection()] })
    await screen.findByText('Wallet')
    await waitFor(() => expect(within(cardOf('Everyday Current')).getByText('Linked')).toBeInTheDocument())
    expect(within(cardOf('Rewards Credit Card')).getByText('Linked')).toBeInTheDocument()
    expect(within(cardOf('Wallet')).queryByText('Linked')).not.toBeInTheDocument()
    // The type chip stays beside it.
    expect(within(cardOf('Rewards Credit Card')).getByText('Credit Card')).toBeInTheDocument()
    const linked = screen.getByRole('region', { name: 'Linked banks' })
    expect(within(linked).getByRole('listitem', { name: 'Demo Bank UK' })).toHaveTextContent('Last synced 04/07/2026 14:05')
  })

  it('shows expired connections above the cards, and reconnecting refreshes the accounts', async () => {
    let accountCalls = 0
    const { user, state } = openAccounts({ connections: [makeConnection({ isActive: false })] })
    server.use(
      http.get(apiUrl('/accounts'), () => {
        accountCalls += 1
        return HttpResponse.json({
          success: true,
          data: { accounts: [manual, current, card], netWorth: 0, totalAccounts: 3 },
        })
      }),
    )
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    await screen.findByText('Wallet')
    // The section comes before the account cards.
    expect(section.compareDocumentPosition(cardOf('Wallet')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const before = accountCalls

    await user.click(within(section).getByRole('button', { name: 'Reconnect' }))
    const dialog = await screen.findByRole('dialog', { name: 'Connect or Reconnect Your Bank Account' })
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(screen.getByTestId('success-notice')).toHaveTextContent('Synced: 3 new, 1 updated, 0 removed'))
    await waitFor(() => expect(accountCalls).toBeGreaterThan(before))
    expect(state.sent.some((s) => s.path.endsWith('/exchange'))).toBe(false)
  })

  it('shows a user without bank access their connections, without Reconnect and with Connect Bank switched off', async () => {
    openAccounts({ connections: [makeConnection({ isActive: false })] }, '/accounts', false)
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    expect(within(section).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Connect Bank' })).toBeDisabled()
  })
})

describe("Plaid's OAuth redirect to /accounts", () => {
  it('carries on the Link session this tab saved, then drops oauth_state_id from the address', async () => {
    const saved = { linkToken: 'link-sandbox-saved', itemId: null, savedAt: Date.now() - 60_000 }
    window.sessionStorage.setItem('myspending.plaid-oauth', JSON.stringify(saved))
    const { state, router } = openAccounts({ provider: 'plaid' }, '/accounts?oauth_state_id=state-42')
    // The address the bank returned to, as the browser has it.
    const href = `${window.location.origin}/accounts?oauth_state_id=state-42`

    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    expect(plaid.options).toMatchObject({ token: 'link-sandbox-saved', receivedRedirectUri: href })
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/accounts')

    plaid.options!.onSuccess('public-sandbox-9', {
      institution: { name: 'Monzo', institution_id: 'ins_117243' },
      accounts: [],
      link_session_id: 's-1',
    })
    await waitFor(() => expect(screen.getByTestId('success-notice')).toHaveTextContent('Bank account connected'))
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/item/public_token/exchange'])
    expect(window.sessionStorage.getItem('myspending.plaid-oauth')).toBeNull()
  })
})
