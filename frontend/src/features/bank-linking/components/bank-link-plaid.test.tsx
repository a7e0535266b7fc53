import { Button, Stack } from '@chakra-ui/react'
import { StrictMode } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import type { PlaidLinkError, PlaidLinkOnExitMetadata, PlaidLinkOnSuccessMetadata, PlaidLinkOptions } from 'react-plaid-link'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { PLAID_OAUTH_MAX_AGE_MS, PLAID_OAUTH_STORAGE_KEY } from '../lib/plaid-oauth'
import { makeConnection } from '../lib/test-fixtures'
import { BankConnections } from './bank-connections'
import { BankLinkDialog } from './bank-link-dialog'
import { serveBank } from './test-handlers'
import { useBankLinking } from './use-bank-linking'

/** Plaid Link itself: the options it was last created with, and its open(). */
const plaid = vi.hoisted(() => ({
  options: null as PlaidLinkOptions | null,
  open: (() => {}) as () => void,
  /** What usePlaidLink reports when Plaid's script fails to load. */
  error: null as ErrorEvent | null,
  loaded: 0,
}))

vi.mock('react-plaid-link', () => {
  plaid.loaded += 1
  return {
    usePlaidLink: (options: PlaidLinkOptions) => {
      plaid.options = options
      return { open: plaid.open, ready: plaid.error === null, error: plaid.error, exit: () => {}, submit: () => {} }
    },
  }
})

const TITLE = 'Connect or Reconnect Your Bank Account'
const monzo = { name: 'Monzo', institution_id: 'ins_117243' }
const successMetadata: PlaidLinkOnSuccessMetadata = { institution: monzo, accounts: [], link_session_id: 'session-1' }
const exitMetadata: PlaidLinkOnExitMetadata = { institution: null, status: null, link_session_id: 'session-1', request_id: 'r-1' }
const exitError: PlaidLinkError = {
  error_type: 'ITEM_ERROR',
  error_code: 'INTERNAL_SERVER_ERROR',
  error_message: 'Something went wrong',
  display_message: null,
}

function Harness() {
  const bank = useBankLinking()
  return (
    <Stack>
      <Button onClick={bank.connect}>Connect Bank</Button>
      <BankConnections linking={bank} canConnect />
      <BankLinkDialog linking={bank} />
    </Stack>
  )
}

function serve(...args: Parameters<typeof serveBank>) {
  const { state, handlers } = serveBank(...args)
  server.use(...handlers)
  return state
}

const notices = () => screen.queryAllByTestId('success-notice').map((n) => n.textContent)

beforeEach(() => {
  toaster.remove()
  window.sessionStorage.clear()
  plaid.options = null
  plaid.open = vi.fn()
  plaid.error = null
})

describe('Connect Bank with Plaid', () => {
  it('opens Plaid Link with the token, steps aside, and exchanges the public token it gives', async () => {
    const state = serve({ provider: 'plaid' })
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))

    // The dialog makes way for Plaid's own once Link opens.
    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    expect(plaid.loaded).toBe(1)
    expect(plaid.options).toMatchObject({ token: 'link-sandbox-abc123' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    expect(screen.queryByText('Demo Bank UK')).not.toBeInTheDocument()

    plaid.options!.onSuccess('public-sandbox-1', successMetadata)
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
    expect(state.sent.find((s) => s.path === '/plaid/item/public_token/exchange')!.body).toEqual({
      public_token: 'public-sandbox-1',
      metadata: { institution: monzo, accounts: [] },
    })
  })

  it("says 'Bank connection was cancelled' when Link exits with an error, and nothing when it just closes", async () => {
    const state = serve({ provider: 'plaid' })
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    await waitFor(() => expect(plaid.open).toHaveBeenCalled())
    plaid.options!.onExit!(exitError, exitMetadata)
    expect(await screen.findByText('Bank connection was cancelled')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(2))
    // Opening again clears the notice; leaving Link without an error adds none.
    await waitFor(() => expect(screen.queryByText('Bank connection was cancelled')).not.toBeInTheDocument())
    plaid.options!.onExit!(null, exitMetadata)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    expect(screen.queryByText('Bank connection was cancelled')).not.toBeInTheDocument()
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create', '/plaid/link/token/create'])
  })

  it('reconnects in update mode: Link success syncs the connection, with no exchange', async () => {
    const expired = makeConnection({ itemId: 'item-monzo', institutionName: 'Monzo', provider: 'plaid', isActive: false })
    const state = serve({ provider: 'plaid', connections: [expired] })
    const { user } = renderWithProviders(<Harness />)
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    await user.click(within(section).getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))

    plaid.options!.onSuccess(null, { ...successMetadata, institution: null })
    await waitFor(() => expect(notices()).toEqual(['Synced: 3 new, 1 updated, 0 removed']))
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create', '/plaid/item/item-monzo/sync'])
    expect(state.sent[0]!.body).toEqual({ itemId: 'item-monzo' })
  })

  it("shows 'Failed to initialise bank connection' when Plaid's script cannot be loaded", async () => {
    serve({ provider: 'plaid' })
    plaid.error = new ErrorEvent('error')
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    const dialog = await screen.findByRole('dialog', { name: TITLE })
    expect(await within(dialog).findByText('Failed to initialise bank connection')).toBeInTheDocument()
    expect(plaid.open).not.toHaveBeenCalled()
  })
})

describe("Plaid's OAuth redirect", () => {
  const saved = () => {
    const text = window.sessionStorage.getItem(PLAID_OAUTH_STORAGE_KEY)
    return text === null ? null : (JSON.parse(text) as unknown)
  }
  const save = (entry: { linkToken: string; itemId: string | null; savedAt: number }) =>
    window.sessionStorage.setItem(PLAID_OAUTH_STORAGE_KEY, JSON.stringify(entry))

  /** The bank brings the browser back to the redirect URI (/accounts) with its oauth_state_id. */
  function returnFromBank(search = '?oauth_state_id=state-42') {
    const path = `/accounts${search}`
    window.history.replaceState(null, '', path)
    const href = window.location.href
    const view = renderWithProviders(
      <StrictMode>
        <Harness />
      </StrictMode>,
      path,
    )
    return { ...view, href, search: () => view.router.state.location.search }
  }

  it('saves the link token in sessionStorage before Link opens, and forgets it when Link gives a public token', async () => {
    serve({ provider: 'plaid' })
    let atOpen: unknown = 'not opened'
    plaid.open = vi.fn(() => {
      atOpen = saved()
    })
    const before = Date.now()
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    expect(atOpen).toEqual({ linkToken: 'link-sandbox-abc123', itemId: null, savedAt: expect.any(Number) })
    expect((atOpen as { savedAt: number }).savedAt).toBeGreaterThanOrEqual(before)
    // A plain opening passes no redirect address.
    expect(plaid.options).not.toHaveProperty('receivedRedirectUri')

    plaid.options!.onSuccess('public-sandbox-1', successMetadata)
    expect(saved()).toBeNull()
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
  })

  it("saves a reconnection's item id, and forgets it when Link exits", async () => {
    const expired = makeConnection({ itemId: 'item-monzo', institutionName: 'Monzo', provider: 'plaid', isActive: false })
    serve({ provider: 'plaid', connections: [expired] })
    const { user } = renderWithProviders(<Harness />)
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    await user.click(within(section).getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    expect(saved()).toMatchObject({ linkToken: 'link-sandbox-abc123', itemId: 'item-monzo' })

    plaid.options!.onExit!(exitError, exitMetadata)
    expect(await screen.findByText('Bank connection was cancelled')).toBeInTheDocument()
    expect(saved()).toBeNull()
  })

  it("forgets the saved token when Plaid's script cannot be loaded", async () => {
    serve({ provider: 'plaid' })
    save({ linkToken: 'link-sandbox-old', itemId: null, savedAt: Date.now() })
    plaid.error = new ErrorEvent('error')
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    expect(await screen.findByText('Failed to initialise bank connection')).toBeInTheDocument()
    expect(saved()).toBeNull()
  })

  it('resumes on return: reopens Link with the saved token and the address, then exchanges the public token', async () => {
    const state = serve({ provider: 'plaid' })
    save({ linkToken: 'link-sandbox-saved', itemId: null, savedAt: Date.now() - 5 * 60_000 })
    const { href, search } = returnFromBank()
    expect(href).toMatch(/\/accounts\?oauth_state_id=state-42$/)

    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    expect(plaid.options).toMatchObject({ token: 'link-sandbox-saved', receivedRedirectUri: href })
    // The parameter leaves the address; no new link token is asked for.
    await waitFor(() => expect(search()).toBe(''))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())

    plaid.options!.onSuccess('public-sandbox-2', successMetadata)
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/item/public_token/exchange'])
    expect(state.sent[0]!.body).toEqual({ public_token: 'public-sandbox-2', metadata: { institution: monzo, accounts: [] } })
    expect(saved()).toBeNull()
    // The new bank is listed.
    expect(await screen.findByRole('region', { name: 'Linked banks' })).toBeInTheDocument()
    expect(plaid.open).toHaveBeenCalledTimes(1)
  })

  it('resumes a reconnection in update mode: Link success syncs the connection, with no exchange', async () => {
    const expired = makeConnection({ itemId: 'item-monzo', institutionName: 'Monzo', provider: 'plaid', isActive: false })
    const state = serve({ provider: 'plaid', connections: [expired] })
    save({ linkToken: 'link-sandbox-update', itemId: 'item-monzo', savedAt: Date.now() - 60_000 })
    const { href, search } = returnFromBank('?oauth_state_id=state-7&tab=banks')

    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    expect(plaid.options).toMatchObject({ token: 'link-sandbox-update', receivedRedirectUri: href })
    // Only oauth_state_id goes.
    await waitFor(() => expect(search()).toBe('?tab=banks'))

    plaid.options!.onSuccess(null, { ...successMetadata, institution: null })
    await waitFor(() => expect(notices()).toEqual(['Synced: 3 new, 1 updated, 0 removed']))
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/item/item-monzo/sync'])
    expect(await screen.findByRole('region', { name: 'Linked banks' })).toBeInTheDocument()
    expect(saved()).toBeNull()
  })

  it("resumes to 'Bank connection was cancelled' when Link exits with an error", async () => {
    const state = serve({ provider: 'plaid' })
    save({ linkToken: 'link-sandbox-saved', itemId: null, savedAt: Date.now() })
    returnFromBank()
    await waitFor(() => expect(plaid.open).toHaveBeenCalledTimes(1))
    plaid.options!.onExit!(exitError, exitMetadata)
    expect(await screen.findByText('Bank connection was cancelled')).toBeInTheDocument()
    expect(state.sent).toEqual([])
    expect(saved()).toBeNull()
  })

  it("says 'Failed to connect bank account' when this tab saved no Link session, and drops the parameter", async () => {
    const state = serve({ provider: 'plaid' })
    const { search } = returnFromBank()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect bank account')
    await waitFor(() => expect(search()).toBe(''))
    expect(plaid.open).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument()
    expect(state.sent).toEqual([])
  })

  it('ignores a saved Link session older than 30 minutes', async () => {
    const state = serve({ provider: 'plaid' })
    save({ linkToken: 'link-sandbox-stale', itemId: null, savedAt: Date.now() - PLAID_OAUTH_MAX_AGE_MS - 1000 })
    const { search } = returnFromBank()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect bank account')
    await waitFor(() => expect(search()).toBe(''))
    expect(plaid.open).not.toHaveBeenCalled()
    expect(plaid.options).toBeNull()
    expect(state.sent).toEqual([])
    expect(saved()).toBeNull()
  })

  it('does nothing on a plain visit, even with a saved Link session', async () => {
    serve({ provider: 'plaid' })
    save({ linkToken: 'link-sandbox-saved', itemId: null, savedAt: Date.now() })
    renderWithProviders(<Harness />, '/accounts')
    await screen.findByRole('button', { name: 'Connect Bank' })
    await new Promise((r) => setTimeout(r, 50))
    expect(plaid.open).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('never saves anything for the demo bank', async () => {
    serve({ provider: 'demo' })
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    const dialog = await screen.findByRole('dialog', { name: TITLE })
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
    expect(setItem.mock.calls.filter(([key]) => key === PLAID_OAUTH_STORAGE_KEY)).toEqual([])
    expect(saved()).toBeNull()
    expect(plaid.options).toBeNull()
  })
})
