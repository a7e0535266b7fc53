import { Button, Stack } from '@chakra-ui/react'
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeConnection } from '../lib/test-fixtures'
import { BankConnections } from './bank-connections'
import { BankLinkDialog } from './bank-link-dialog'
import { errorAnswer, gate, serveBank } from './test-handlers'
import { useBankLinking } from './use-bank-linking'

const TITLE = 'Connect or Reconnect Your Bank Account'

/** The three pieces as app/ composes them on /accounts, with the page's Connect Bank button. */
function Harness({ canConnect = true }: { canConnect?: boolean }) {
  const bank = useBankLinking()
  return (
    <Stack>
      {canConnect ? <Button onClick={bank.connect}>Connect Bank</Button> : null}
      <BankConnections linking={bank} canConnect={canConnect} />
      <BankLinkDialog linking={bank} />
    </Stack>
  )
}

function serve(...args: Parameters<typeof serveBank>) {
  const { state, handlers } = serveBank(...args)
  server.use(...handlers)
  return state
}

function renderHarness(canConnect = true) {
  return renderWithProviders(<Harness canConnect={canConnect} />)
}

type UserEventApi = ReturnType<typeof renderHarness>['user']

async function openDialog(user: UserEventApi) {
  await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
  return screen.findByRole('dialog', { name: TITLE })
}

const sectionOf = (name: string) => screen.getByRole('region', { name })
const rowOf = (section: HTMLElement, name: string) => within(section).getByRole('listitem', { name })
const notices = () => screen.queryAllByTestId('success-notice').map((n) => n.textContent)

beforeEach(() => toaster.remove())

describe('Connect Bank with the demo bank', () => {
  it('asks for a link token, shows the Demo Bank picker, exchanges a public-demo token and refreshes', async () => {
    const state = serve()
    const hold = gate()
    state.hold = hold.promise
    const { user } = renderHarness()
    await waitFor(() => expect(state.itemsCalls).toBe(1))
    expect(screen.queryByRole('region', { name: 'Linked banks' })).not.toBeInTheDocument()

    const dialog = await openDialog(user)
    expect(await within(dialog).findByText('Demo Bank UK')).toBeInTheDocument()
    expect(
      within(dialog).getByText(
        'A built-in demo bank with a current account and a credit card — no real bank details needed',
      ),
    ).toBeInTheDocument()
    expect(state.sent[0]).toMatchObject({ method: 'POST', path: '/plaid/link/token/create', body: { itemId: null } })

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(
      await screen.findByText('Importing your accounts and transactions — this can take a minute'),
    ).toBeInTheDocument()
    // While it imports, the dialog cannot be closed.
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    hold.release()

    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
    const exchange = state.sent.find((s) => s.path === '/plaid/item/public_token/exchange')!
    expect(exchange.body).toEqual({
      public_token: expect.stringMatching(/^public-demo-[0-9a-f-]{32,36}$/),
      metadata: { institution: { name: 'Demo Bank UK', institution_id: 'ins_demo' }, accounts: [] },
    })
    expect(exchange.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
    // The connections are read again: the new bank is listed.
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    expect(rowOf(linked, 'Demo Bank UK')).toHaveTextContent('2 accounts')
  })

  it("closes with 'Bank connection was cancelled' on Cancel, sending nothing more", async () => {
    const state = serve()
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    await within(dialog).findByText('Demo Bank UK')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    expect(screen.getByRole('status')).toHaveTextContent('Bank connection was cancelled')
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create'])
  })

  it("shows 'Failed to initialise bank connection' when no link token comes, and tries again", async () => {
    const state = serve()
    server.use(
      http.post(apiUrl('/plaid/link/token/create'), () => errorAnswer(502, 'bad_gateway', ''), { once: true }),
    )
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    expect(await within(dialog).findByText('Failed to initialise bank connection')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByText('Demo Bank UK')).toBeInTheDocument()
    expect(state.sent.filter((s) => s.path === '/plaid/link/token/create')).toHaveLength(1)
  })

  it("shows the server's refusal of the link token when it sends one", async () => {
    serve()
    server.use(
      http.post(apiUrl('/plaid/link/token/create'), () =>
        errorAnswer(403, 'forbidden', 'You do not have permission to connect bank accounts'),
      ),
    )
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    expect(
      await within(dialog).findByText('You do not have permission to connect bank accounts'),
    ).toBeInTheDocument()
  })

  it.each([
    [400, 'validation' as const, '', 'Failed to connect bank account'],
    [502, 'bad_gateway' as const, '', 'Bank connection failed. Please try again.'],
    [502, 'bad_gateway' as const, 'Bank connection failed. Please try again.', 'Bank connection failed. Please try again.'],
    [400, 'validation' as const, 'public_token is required', 'public_token is required'],
  ])('keeps the dialog open with the message of a %i exchange (%s %j)', async (status, code, message, shown) => {
    serve()
    server.use(http.post(apiUrl('/plaid/item/public_token/exchange'), () => errorAnswer(status, code, message)))
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText(shown)).toBeInTheDocument()
    expect(notices()).toEqual([])
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    // Closing after a failure is not a cancellation.
    expect(screen.queryByText('Bank connection was cancelled')).not.toBeInTheDocument()
  })
})

describe('Bank Connections Need Attention', () => {
  const expired = makeConnection({ isActive: false, errorCode: 'ITEM_LOGIN_REQUIRED' })

  it('lists an expired connection with its account count; Reconnect syncs it instead of exchanging', async () => {
    const state = serve({ connections: [expired] })
    const { user } = renderHarness()
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    const row = rowOf(section, 'Demo Bank UK')
    expect(row).toHaveTextContent('2 accounts')
    expect(screen.queryByRole('region', { name: 'Linked banks' })).not.toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: 'Reconnect' }))
    const dialog = await screen.findByRole('dialog', { name: TITLE })
    expect(await within(dialog).findByText('Reconnect Demo Bank UK')).toBeInTheDocument()
    expect(state.sent[0]).toMatchObject({ path: '/plaid/link/token/create', body: { itemId: 'item-demo' } })

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(notices()).toEqual(['Synced: 3 new, 1 updated, 0 removed']))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create', '/plaid/item/item-demo/sync'])

    // Active again after the refetch: it moves to the linked banks.
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    expect(rowOf(linked, 'Demo Bank UK')).toHaveTextContent('Last synced 05/07/2026 09:00')
    expect(screen.queryByRole('region', { name: 'Bank Connections Need Attention' })).not.toBeInTheDocument()
  })

  it("keeps the dialog open with the server's message when the reconnecting sync fails", async () => {
    serve({ connections: [expired] })
    server.use(
      http.post(apiUrl('/plaid/item/:id/sync'), () =>
        errorAnswer(409, 'conflict', 'Demo Bank UK needs you to sign in again. Please reconnect.'),
      ),
    )
    const { user } = renderHarness()
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    await user.click(within(section).getByRole('button', { name: 'Reconnect' }))
    const dialog = await screen.findByRole('dialog', { name: TITLE })
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }))
    expect(
      await within(dialog).findByText('Demo Bank UK needs you to sign in again. Please reconnect.'),
    ).toBeInTheDocument()
  })

  it('offers no Reconnect to a user without bank access', async () => {
    serve({ connections: [expired] })
    renderHarness(false)
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    expect(within(section).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument()
  })
})

describe('Linked banks', () => {
  it('shows when each bank last synced, in London time, and Sync now shows the server message', async () => {
    const state = serve({ connections: [makeConnection()] })
    const { user } = renderHarness()
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    const row = rowOf(linked, 'Demo Bank UK')
    // 13:05 UTC on 4 July is 14:05 in London (BST).
    expect(row).toHaveTextContent('Last synced 04/07/2026 14:05')
    expect(row).toHaveTextContent('2 accounts')

    await user.click(within(row).getByRole('button', { name: 'Sync now' }))
    await waitFor(() => expect(notices()).toEqual(['Synced: 3 new, 1 updated, 0 removed']))
    expect(state.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /plaid/item/item-demo/sync'])
    await waitFor(() => expect(rowOf(sectionOf('Linked banks'), 'Demo Bank UK')).toHaveTextContent('05/07/2026 09:00'))
  })

  it('moves a bank that needs signing in again to Needs Attention, with the reason', async () => {
    const state = serve({ connections: [makeConnection()] })
    server.use(
      http.post(apiUrl('/plaid/item/:id/sync'), () => {
        // The server marks the connection before answering.
        state.connections = state.connections.map((c) => ({ ...c, isActive: false, errorCode: 'ITEM_LOGIN_REQUIRED' }))
        return errorAnswer(409, 'conflict', 'Demo Bank UK needs you to sign in again. Please reconnect.')
      }),
    )
    const { user } = renderHarness()
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    await user.click(within(linked).getByRole('button', { name: 'Sync now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demo Bank UK needs you to sign in again. Please reconnect.',
    )
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    expect(within(section).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Linked banks' })).not.toBeInTheDocument()
  })

  it('offers Simulate expiry for the demo bank only, and it makes the bank need attention', async () => {
    const plaidBank = makeConnection({ itemId: 'item-monzo', institutionName: 'Monzo', provider: 'plaid' })
    const state = serve({ connections: [makeConnection(), plaidBank] })
    const { user } = renderHarness()
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    expect(within(rowOf(linked, 'Monzo')).queryByRole('button', { name: 'Simulate expiry' })).not.toBeInTheDocument()
    expect(within(rowOf(linked, 'Monzo')).getByRole('button', { name: 'Sync now' })).toBeInTheDocument()

    await user.click(within(rowOf(linked, 'Demo Bank UK')).getByRole('button', { name: 'Simulate expiry' }))
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    expect(rowOf(section, 'Demo Bank UK')).toBeInTheDocument()
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/item/item-demo/simulate-expiry'])
    expect(within(sectionOf('Linked banks')).queryByRole('listitem', { name: 'Demo Bank UK' })).not.toBeInTheDocument()
  })

  it('asks before disconnecting, saying the accounts stay', async () => {
    const state = serve({ connections: [makeConnection()] })
    const { user } = renderHarness()
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    await user.click(within(linked).getByRole('button', { name: 'Disconnect' }))

    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Demo Bank UK?' })
    expect(
      within(dialog).getByText(
        'Its accounts and their transaction history stay in MySpending as ordinary accounts. New transactions will no longer be imported.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(state.sent).toEqual([])

    await user.click(within(linked).getByRole('button', { name: 'Disconnect' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Demo Bank UK?' })
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(notices()).toEqual(['Bank disconnected. Its accounts and their history stay.']))
    expect(state.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /plaid/item/item-demo'])
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Linked banks' })).not.toBeInTheDocument())
  })

  it("keeps a failed disconnect's message in the confirmation", async () => {
    serve({ connections: [makeConnection()] })
    server.use(http.delete(apiUrl('/plaid/item/:id'), () => errorAnswer(404, 'not_found', 'Bank connection not found')))
    const { user } = renderHarness()
    const linked = await screen.findByRole('region', { name: 'Linked banks' })
    await user.click(within(linked).getByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Demo Bank UK?' })
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    expect(await within(dialog).findByText('Bank connection not found')).toBeInTheDocument()
  })
})
