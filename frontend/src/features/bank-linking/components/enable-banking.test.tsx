import { Button, Stack } from '@chakra-ui/react'
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { expectNoAriaViolations } from '@/test/axe'
import { expectReadOnly, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeConnection } from '../lib/test-fixtures'
import { BankConnections } from './bank-connections'
import { BankLinkDialog } from './bank-link-dialog'
import { CONSENT_URL, errorAnswer, serveBank } from './test-handlers'
import { useBankLinking } from './use-bank-linking'

const TITLE = 'Connect or Reconnect Your Bank Account'
const CHOICE = 'How do you want to connect?'

/** The pieces as app/ composes them on /accounts, with the browser's departure to the bank caught. */
function Harness({ goToBank }: { goToBank: (url: string) => void }) {
  const bank = useBankLinking({ goToBank })
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

function renderHarness(path = '/', options: Parameters<typeof renderWithProviders>[2] = {}) {
  const goToBank = vi.fn<(url: string) => void>()
  return { ...renderWithProviders(<Harness goToBank={goToBank} />, path, options), goToBank }
}

type UserEventApi = ReturnType<typeof renderHarness>['user']

async function openDialog(user: UserEventApi) {
  await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
  return screen.findByRole('dialog', { name: TITLE })
}

/** Opens the dialog on a server with the demo bank and Enable Banking, and picks Enable Banking. */
async function openEnableBanking(user: UserEventApi) {
  const dialog = await openDialog(user)
  await user.click(await within(dialog).findByRole('button', { name: 'Enable Banking' }))
  // The list's code loads on first use.
  await within(dialog).findByRole('list', { name: 'Choose your bank' })
  return dialog
}

/** The names of the banks the list shows (each button is named by its bank's name). */
function shownBanks(dialog: HTMLElement): (string | null)[] {
  const list = within(dialog).queryByRole('list', { name: 'Choose your bank' })
  if (!list) return []
  return within(list)
    .getAllByRole('button')
    .map((b) => document.getElementById(b.getAttribute('aria-labelledby')!)!.textContent)
}

const notices = () => screen.queryAllByTestId('success-notice').map((n) => n.textContent)

beforeEach(() => toaster.remove())

describe('Connect Bank with one provider on', () => {
  it.each(['demo', 'plaid'] as const)('with only %s asks which providers are on and offers no choice', async (provider) => {
    const state = serve({ provider })
    let providerCalls = 0
    server.use(
      http.get(apiUrl('/bank/providers'), () => {
        providerCalls += 1
        return undefined
      }),
    )
    const { user } = renderHarness()
    await openDialog(user)
    await waitFor(() => expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create']))
    expect(providerCalls).toBe(1)
    expect(screen.queryByText(CHOICE)).not.toBeInTheDocument()
  })

  it('goes on with the link token when the providers cannot be read', async () => {
    const state = serve()
    server.use(http.get(apiUrl('/bank/providers'), () => errorAnswer(500, 'internal', 'Internal server error')))
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    expect(await within(dialog).findByText('Demo Bank UK')).toBeInTheDocument()
    expect(within(dialog).queryByText(CHOICE)).not.toBeInTheDocument()
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create'])
  })
})

describe('the choice of provider', () => {
  it('offers each provider that is on, with its line, before asking for anything', async () => {
    const state = serve({ provider: 'plaid', enableBanking: true })
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    expect(await within(dialog).findByText(CHOICE)).toBeInTheDocument()
    const plaid = within(dialog).getByRole('button', { name: 'Plaid' })
    const enableBanking = within(dialog).getByRole('button', { name: 'Enable Banking' })
    expect(plaid).toHaveAccessibleDescription('Banks Plaid supports')
    expect(enableBanking).toHaveAccessibleDescription('Your own UK bank through Open Banking')
    // The demo bank is off while Plaid is on.
    expect(within(dialog).queryByRole('button', { name: 'Demo Bank' })).not.toBeInTheDocument()
    expect(state.sent).toEqual([])
    await expectNoAriaViolations(dialog)
  })

  it('continues into the demo bank as before when Demo Bank is chosen', async () => {
    const state = serve({ enableBanking: true })
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    const demo = await within(dialog).findByRole('button', { name: 'Demo Bank' })
    expect(demo).toHaveAccessibleDescription('Try it with made-up data')
    await user.click(demo)

    expect(await within(dialog).findByText('Demo Bank UK')).toBeInTheDocument()
    expect(state.sent[0]).toMatchObject({ path: '/plaid/link/token/create', body: { itemId: null } })
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
    expect(state.sent.map((s) => s.path)).toEqual(['/plaid/link/token/create', '/plaid/item/public_token/exchange'])
  })

  it("closes with 'Bank connection was cancelled' on Cancel, sending nothing", async () => {
    const state = serve({ enableBanking: true })
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    await within(dialog).findByText(CHOICE)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument())
    expect(screen.getByRole('status')).toHaveTextContent('Bank connection was cancelled')
    expect(state.sent).toEqual([])
  })
})

describe("Enable Banking's banks", () => {
  it('lists the UK banks with their logo and consent length, and the search narrows them', async () => {
    const state = serve({ enableBanking: true })
    const { user } = renderHarness()
    const dialog = await openEnableBanking(user)
    expect(state.aspspCountries).toEqual(['GB'])
    expect(shownBanks(dialog)).toEqual(['Monzo', 'Nationwide', 'Starling Bank'])
    const monzo = within(dialog).getByRole('button', { name: 'Monzo' })
    expect(monzo).toHaveAccessibleDescription('Access for 90 days')
    expect(within(dialog).getByRole('button', { name: 'Starling Bank' })).toHaveAccessibleDescription(
      'Access for 180 days',
    )
    // The logo is decorative (the name is beside it) and loads only when scrolled to.
    const logo = monzo.querySelector('img')!
    expect(logo).toHaveAttribute('alt', '')
    expect(logo).toHaveAttribute('loading', 'lazy')
    expect(logo).toHaveAttribute('src', 'https://enablebanking.com/brands/GB/Monzo/')
    await expectNoAriaViolations(dialog)

    const search = within(dialog).getByRole('searchbox', { name: 'Search banks' })
    await user.type(search, 'NATION')
    expect(shownBanks(dialog)).toEqual(['Nationwide'])
    await user.clear(search)
    await user.type(search, 'bank star')
    expect(shownBanks(dialog)).toEqual(['Starling Bank'])
    await user.clear(search)
    await user.type(search, 'xyz')
    expect(shownBanks(dialog)).toEqual([])
    expect(within(dialog).getByText('No banks match “xyz”.')).toBeInTheDocument()

    // Back leads to the choice again.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(await within(dialog).findByText(CHOICE)).toBeInTheDocument()
    expect(state.sent).toEqual([])
  })

  it("explains the way through the bank, and Continue starts the consent and goes to Enable Banking's address", async () => {
    const state = serve({ enableBanking: true })
    const { user, goToBank } = renderHarness()
    const dialog = await openEnableBanking(user)
    await user.click(within(dialog).getByRole('button', { name: 'Monzo' }))

    expect(
      await within(dialog).findByText(
        "You'll go to Enable Banking, then to Monzo to approve. Some banks ask you to approve in their app on your phone: open it when asked, then come back here.",
      ),
    ).toBeInTheDocument()
    expect(state.sent).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Monzo' }))

    await waitFor(() => expect(goToBank).toHaveBeenCalledWith(CONSENT_URL))
    expect(goToBank).toHaveBeenCalledTimes(1)
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/enablebanking/auth',
        body: { aspspName: 'Monzo', country: 'GB' },
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ])
    // While the browser leaves, the dialog says so and cannot be closed or sent twice.
    expect(await within(dialog).findByText('Taking you to Enable Banking…')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    for (const button of within(dialog).getAllByRole('button')) expect(button).toBeDisabled()

    // Back from Enable Banking's page restores the page as it was left: it can be tried again.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    expect(await within(dialog).findByRole('button', { name: 'Continue to Monzo' })).toBeEnabled()
    expect(within(dialog).queryByText('Taking you to Enable Banking…')).not.toBeInTheDocument()
  })

  it("shows the server's message when the consent cannot be started, and Continue tries again with a new key", async () => {
    const state = serve({ enableBanking: true })
    server.use(
      http.post(apiUrl('/enablebanking/auth'), () => errorAnswer(502, 'bad_gateway', 'Failed to initialise bank connection'), {
        once: true,
      }),
    )
    const { user, goToBank } = renderHarness()
    const dialog = await openEnableBanking(user)
    await user.click(within(dialog).getByRole('button', { name: 'Nationwide' }))
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Nationwide' }))
    expect(await within(dialog).findByText('Failed to initialise bank connection')).toBeInTheDocument()
    expect(goToBank).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Continue to Nationwide' }))
    await waitFor(() => expect(goToBank).toHaveBeenCalledWith(CONSENT_URL))
    expect(state.sent.map((s) => s.body)).toEqual([{ aspspName: 'Nationwide', country: 'GB' }])
  })

  it("shows the server's message when the banks cannot be listed, and tries again", async () => {
    serve({ enableBanking: true })
    server.use(
      http.get(apiUrl('/enablebanking/aspsps'), () => errorAnswer(502, 'bad_gateway', 'Bank connection failed. Please try again.'), {
        once: true,
      }),
    )
    const { user } = renderHarness()
    const dialog = await openDialog(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Enable Banking' }))
    expect(await within(dialog).findByText('Bank connection failed. Please try again.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('button', { name: 'Monzo' })).toBeInTheDocument()
  })
})

describe('Enable Banking connections', () => {
  const consentExpiresAt = '2026-10-02T12:00:00Z'
  const linked = makeConnection({
    itemId: 'item-eb',
    institutionName: 'Monzo',
    provider: 'enablebanking',
    consentExpiresAt,
    nextSyncAt: '2026-07-04T19:05:00Z',
  })

  it('shows when the consent ends, when the bank syncs next, and the accounts it left out', async () => {
    const skippedAccounts = [{ name: 'Euro Saver', reason: 'It is in EUR: MySpending keeps pounds sterling (GBP) only' }]
    serve({ enableBanking: true, connections: [{ ...linked, skippedAccounts }, makeConnection()] })
    renderHarness()
    const section = await screen.findByRole('region', { name: 'Linked banks' })
    const row = within(section).getByRole('listitem', { name: 'Monzo' })
    // London time (BST): 13:05 and 19:05 UTC.
    expect(row).toHaveTextContent('Last synced 04/07/2026 14:05 · Next sync 04/07/2026 20:05 · 2 accounts')
    expect(row).toHaveTextContent('Consent until 02/10/2026')
    expect(within(row).getByTestId('bank-skipped-account')).toHaveTextContent(
      'Euro Saver was not linked. It is in EUR: MySpending keeps pounds sterling (GBP) only.',
    )
    // The demo bank has neither.
    const demo = within(section).getByRole('listitem', { name: 'Demo Bank UK' })
    expect(demo).not.toHaveTextContent('Consent until')
    expect(demo).not.toHaveTextContent('Next sync')
  })

  it('lists a consent ending within seven days under Needs Attention; Reconnect renews it at the bank', async () => {
    const state = serve({ enableBanking: true, connections: [{ ...linked, renewalDue: true }] })
    const { user, goToBank } = renderHarness()
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    const row = within(section).getByRole('listitem', { name: 'Monzo' })
    expect(row).toHaveTextContent('Your consent with Monzo ends on 02/10/2026. Reconnect to keep it syncing.')
    // It still syncs meanwhile: it stays among the linked banks, where Disconnect is.
    expect(within(screen.getByRole('region', { name: 'Linked banks' })).getByRole('listitem', { name: 'Monzo' })).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(goToBank).toHaveBeenCalledWith(CONSENT_URL))
    // Busy while the browser leaves; Back from the bank's page makes it a button again.
    expect(within(row).getByRole('button', { name: 'Opening your bank...' })).toBeDisabled()
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    expect(await within(row).findByRole('button', { name: 'Reconnect' })).toBeEnabled()
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/enablebanking/auth',
        body: { itemId: 'item-eb' },
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ])
    // No link token and no dialog: the bank itself asks.
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument()
  })

  it('renews an expired Enable Banking connection the same way, and shows a refusal on the page', async () => {
    const state = serve({ enableBanking: true, connections: [{ ...linked, isActive: false, errorCode: 'CONSENT_EXPIRED' }] })
    server.use(
      http.post(apiUrl('/enablebanking/auth'), () => errorAnswer(404, 'not_found', 'Bank connection not found'), {
        once: true,
      }),
    )
    const { user, goToBank } = renderHarness()
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    await user.click(within(section).getByRole('button', { name: 'Reconnect' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Bank connection not found')
    expect(goToBank).not.toHaveBeenCalled()

    await user.click(within(section).getByRole('button', { name: 'Reconnect' }))
    await waitFor(() => expect(goToBank).toHaveBeenCalledWith(CONSENT_URL))
    expect(state.sent.map((s) => s.body)).toEqual([{ itemId: 'item-eb' }])
  })

  it("disables a viewer's Reconnect, saying why", async () => {
    serve({ enableBanking: true, connections: [{ ...linked, renewalDue: true }] })
    renderHarness('/', { household: VIEWER })
    const section = await screen.findByRole('region', { name: 'Bank Connections Need Attention' })
    expectReadOnly(within(section).getByRole('button', { name: 'Reconnect' }))
  })
})

describe("Enable Banking's return to /accounts", () => {
  it.each([
    ['denied', 'The bank connection was cancelled at your bank. Nothing was linked.'],
    ['expired', 'That bank link has expired or was already used. Please connect again.'],
    ['failed', 'Bank connection failed. Please try again.'],
    ['something-new', 'Bank connection failed. Please try again.'],
  ])('says why for bankError=%s, and takes it out of the address', async (reason, message) => {
    serve()
    const { router } = renderHarness(`/accounts?bankError=${reason}&tab=banks`)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    await waitFor(() => expect(router.state.location.search).toBe('?tab=banks'))
    expect(notices()).toEqual([])
  })

  it.each([
    ['', []],
    ['&skipped=1', ["1 of the bank's accounts was not linked. The bank's entry below says why."]],
    ['&skipped=3', ["3 of the bank's accounts were not linked. The bank's entry below says why."]],
  ])('says the bank is connected for linked=…%s', async (skipped, statuses) => {
    serve()
    const { router } = renderHarness(`/accounts?linked=item-9${skipped}`)
    await waitFor(() => expect(notices()).toEqual(['Bank account connected']))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    const info = screen.queryAllByRole('status').map((s) => s.textContent).filter((t) => t?.includes('not linked'))
    expect(info).toEqual(statuses)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
