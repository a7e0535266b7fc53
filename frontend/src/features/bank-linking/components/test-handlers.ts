import { http, HttpResponse } from 'msw'
import type { ErrorResponse } from '@/lib/api/types'
import { apiUrl } from '@/test/server'
import type {
  Aspsp,
  AspspListResponse,
  BankConnection,
  BankConnectionListResponse,
  BankConnectionResponse,
  BankProvidersResponse,
  EnableBankingAuthResponse,
  ExchangeResponse,
  LinkTokenResponse,
  MessageResponse,
  SyncResponse,
} from '../api/types'
import { makeConnection } from '../lib/test-fixtures'

type ServeOptions = {
  connections?: BankConnection[]
  /** The server's provider: 'demo' answers 'link-demo-…' tokens, 'plaid' 'link-sandbox-…' ones. */
  provider?: 'demo' | 'plaid'
  /** Whether the server has Enable Banking too (ENABLE_BANKING_APP_ID set); off by default. */
  enableBanking?: boolean
  /** The banks Enable Banking lists for GB. */
  aspsps?: Aspsp[]
}

/** Three UK banks as Enable Banking lists them (one without a logo). */
export const GB_BANKS: Aspsp[] = [
  { name: 'Monzo', country: 'GB', logo: 'https://enablebanking.com/brands/GB/Monzo/', maxConsentDays: 90 },
  { name: 'Nationwide', country: 'GB', logo: 'https://enablebanking.com/brands/GB/Nationwide/', maxConsentDays: 90 },
  { name: 'Starling Bank', country: 'GB', logo: null, maxConsentDays: 180 },
]

/** Where POST /enablebanking/auth sends the browser in these tests. */
export const CONSENT_URL = 'https://tilisy.enablebanking.com/welcome?sessionid=s-1'

/** A promise the exchange and sync handlers wait for, with the function that lets them go on. */
export function gate() {
  let release!: () => void
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

type Sent = { method: string; path: string; body: unknown; idempotencyKey: string | null }

/**
 * The bank-linking API as msw handlers over a state the test may read: the connections (which
 * the writes change the way the server does) and what was sent. A test's own server.use()
 * handlers take precedence.
 */
export function serveBank(options: ServeOptions = {}) {
  const provider = options.provider ?? 'demo'
  const enableBanking = options.enableBanking ?? false
  const state = {
    connections: options.connections ?? [],
    /** The countries GET /enablebanking/aspsps was asked for, in order. */
    aspspCountries: [] as (string | null)[],
    /** When set, the exchange and the syncs answer only once it resolves (to see their progress). */
    hold: null as Promise<void> | null,
    itemsCalls: 0,
    sent: [] as Sent[],
  }
  const record = async (request: Request) => {
    const text = request.method === 'POST' ? await request.text() : ''
    state.sent.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    })
  }
  const find = (id: unknown) => state.connections.find((c) => c.itemId === id)
  const notFound = () =>
    HttpResponse.json(
      { success: false, code: 'not_found', message: 'Bank connection not found' } satisfies ErrorResponse,
      { status: 404 },
    )
  const handlers = [
    http.get(apiUrl('/bank/providers'), () =>
      HttpResponse.json({
        success: true,
        data: [
          { id: 'demo', name: 'Demo Bank', enabled: provider === 'demo' },
          { id: 'plaid', name: 'Plaid', enabled: provider === 'plaid' },
          { id: 'enablebanking', name: 'Enable Banking', enabled: enableBanking },
        ],
      } satisfies BankProvidersResponse),
    ),
    http.get(apiUrl('/enablebanking/aspsps'), ({ request }) => {
      state.aspspCountries.push(new URL(request.url).searchParams.get('country'))
      if (!enableBanking) return errorAnswer(404, 'not_found', 'Enable Banking is not set up on this server')
      return HttpResponse.json({ success: true, data: options.aspsps ?? GB_BANKS } satisfies AspspListResponse)
    }),
    http.post(apiUrl('/enablebanking/auth'), async ({ request }) => {
      await record(request)
      if (!enableBanking) return errorAnswer(404, 'not_found', 'Enable Banking is not set up on this server')
      const body = state.sent.at(-1)!.body as { itemId?: string; aspspName?: string }
      if (body.itemId !== undefined && !find(body.itemId)) return notFound()
      if (body.itemId === undefined && !body.aspspName) return errorAnswer(400, 'validation', 'Choose a bank')
      return HttpResponse.json({ success: true, data: { url: CONSENT_URL } } satisfies EnableBankingAuthResponse)
    }),
    http.get(apiUrl('/plaid/items'), () => {
      state.itemsCalls += 1
      return HttpResponse.json({ success: true, data: state.connections } satisfies BankConnectionListResponse)
    }),
    http.post(apiUrl('/plaid/link/token/create'), async ({ request }) => {
      await record(request)
      const { itemId } = state.sent.at(-1)!.body as { itemId: string | null }
      const prefix = provider === 'demo' ? (itemId ? 'link-demo-update-' : 'link-demo-') : 'link-sandbox-'
      return HttpResponse.json({ success: true, link_token: `${prefix}abc123`, provider } satisfies LinkTokenResponse)
    }),
    http.post(apiUrl('/plaid/item/public_token/exchange'), async ({ request }) => {
      await record(request)
      await state.hold
      const connection = makeConnection({ itemId: `item-${state.connections.length + 1}` })
      state.connections = [...state.connections, connection]
      return HttpResponse.json({
        success: true,
        message: 'Bank account connected',
        data: connection,
        sync: { added: 180, modified: 0, removed: 0 },
      } satisfies ExchangeResponse)
    }),
    http.post(apiUrl('/plaid/item/:id/sync'), async ({ request, params }) => {
      await record(request)
      await state.hold
      const connection = find(params.id)
      if (!connection) return notFound()
      state.connections = state.connections.map((c) =>
        c.itemId === params.id ? { ...c, isActive: true, errorCode: null, lastSyncedAt: '2026-07-05T08:00:00Z' } : c,
      )
      return HttpResponse.json({
        success: true,
        message: 'Synced: 3 new, 1 updated, 0 removed',
        data: { added: 3, modified: 1, removed: 0 },
      } satisfies SyncResponse)
    }),
    http.post(apiUrl('/plaid/item/:id/simulate-expiry'), async ({ request, params }) => {
      await record(request)
      const connection = find(params.id)
      if (!connection) return notFound()
      const expired = { ...connection, isActive: false, errorCode: 'ITEM_LOGIN_REQUIRED' }
      state.connections = state.connections.map((c) => (c.itemId === params.id ? expired : c))
      return HttpResponse.json({ success: true, data: expired } satisfies BankConnectionResponse)
    }),
    http.delete(apiUrl('/plaid/item/:id'), async ({ request, params }) => {
      await record(request)
      if (!find(params.id)) return notFound()
      state.connections = state.connections.filter((c) => c.itemId !== params.id)
      return HttpResponse.json({
        success: true,
        message: 'Bank disconnected. Its accounts and their history stay.',
      } satisfies MessageResponse)
    }),
  ]
  return { state, handlers }
}

/** An error answer of the server, typed as the schema says. */
export function errorAnswer(status: number, code: ErrorResponse['code'], message: string) {
  return HttpResponse.json({ success: false, code, message } satisfies ErrorResponse, { status })
}
