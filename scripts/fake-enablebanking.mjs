#!/usr/bin/env node
// A fake of Enable Banking's API (the shapes of its API reference) for browser journeys and local
// trials, standard library only. Every API call must carry the application's JWT (RS256, kid =
// APP_ID, iss enablebanking.com, aud api.enablebanking.com, living at most a day); the consent page
// stands in for the provider's and the bank's pages. Errors are `{message, code, error, detail}`.
//
// Usage: node scripts/fake-enablebanking.mjs PORT PUBLIC_KEY_PEM_PATH APP_ID
//
// Test controls (no JWT): POST /_control/expire (every session so far answers 401
// EXPIRED_SESSION; later ones work), POST /_control/reset (forgets everything), GET
// /_control/requests (the API calls seen: method, path, query). docs/bank-linking.md has more.
import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { URL } from 'node:url'

const [port, keyPath, APP_ID] = process.argv.slice(2)
if (!port || !keyPath || !APP_ID) {
  console.error('usage: node scripts/fake-enablebanking.mjs PORT PUBLIC_KEY_PEM_PATH APP_ID')
  process.exit(2)
}
const PUBLIC_KEY = createPublicKey(readFileSync(keyPath))
const DAY = 86_400
const PAGE_SIZE = 3

const day = (ago) => new Date(Date.now() - ago * DAY * 1000).toISOString().slice(0, 10)
const gbp = (amount) => ({ amount, currency: 'GBP' })
function booked(ref, indicator, amount, ago, more = {}) {
  const date = day(ago)
  return { entry_reference: ref, transaction_amount: gbp(amount), credit_debit_indicator: indicator, status: 'BOOK',
    booking_date: date, value_date: date, transaction_date: null, remittance_information: [], ...more }
}

/** The current account's rows; from an account's second fetch in a session the coffee is booked. */
const currentRows = (fetch) => [
  booked('ref-1', 'CRDT', '2500.00', 9, { debtor: { name: 'ACME LTD' }, remittance_information: ['SALARY'] }),
  booked('ref-2', 'DBIT', '950.00', 8, { creditor: { name: 'LANDLORD' }, remittance_information: ['RENT'] }),
  booked('ref-3', 'DBIT', '45.67', 6, { remittance_information: ['TESCO STORES 2041'] }),
  booked('ref-4', 'DBIT', '2.80', 5, { remittance_information: ['TFL TRAVEL CHARGE'] }),
  booked('ref-5', 'DBIT', '64.20', 4, { creditor: { name: 'OCTOPUS ENERGY' }, remittance_information: ['DIRECT DEBIT'] }),
  booked('ref-6', 'CRDT', '20.00', 3, { debtor: { name: 'J BLOGGS' }, remittance_information: ['DINNER SPLIT'] }),
  // Cancelled: never to be imported.
  { ...booked('ref-cncl', 'DBIT', '99.99', 2, { remittance_information: ['ONLINE ORDER'] }), status: 'CNCL' },
  fetch < 2
    ? { transaction_amount: gbp('3.20'), credit_debit_indicator: 'DBIT', status: 'PDNG', value_date: day(0),
        remittance_information: ['COFFEE SHOP'] }
    : booked('ref-7', 'DBIT', '3.20', 0, { remittance_information: ['COFFEE SHOP'] }),
]
// Entry references are unique within an account only: the card reuses ref-1 and ref-2.
const cardRows = () => [
  booked('ref-1', 'DBIT', '12.99', 7, { creditor: { name: 'NETFLIX' } }),
  booked('ref-2', 'DBIT', '60.00', 2, { creditor: { name: 'TRAINLINE' } }),
]
const euroRows = () => [{ ...booked('ref-1', 'CRDT', '100.00', 5), transaction_amount: { amount: '100.00', currency: 'EUR' } }]

/** A bank account: the AccountResource a session lists (uid added per session), its balances and rows. */
function account({ hash, type, currency = 'GBP', details = null, product = null, ids, limit = null, balances = {},
  rows = () => [], noUid = false }) {
  const resource = {
    account_id: ids[0].scheme_name === 'BBAN' ? { other: ids[0] } : null, all_account_ids: ids, account_servicer: null,
    name: 'MR J SMITH', // the holder, never the account's name
    details, usage: 'PRIV', cash_account_type: type, product, currency, psu_status: null,
    credit_limit: limit && gbp(limit), identification_hash: hash, identification_hashes: [hash],
  }
  return { hash, currency, balances, rows, noUid, resource }
}
const bban = (identification) => [{ identification, scheme_name: 'BBAN' }]
const everyday = (hash, number) => account({ hash, type: 'CACC', details: 'Everyday', product: 'Current Account', ids: bban(number),
  balances: { ITBD: '500.00', ITAV: '500.00' }, rows: currentRows })
const LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E" +
  "%3Crect width='8' height='8' fill='%23127'/%3E%3C/svg%3E"
const BANKS = [
  { name: 'Fake Bank UK', country: 'GB', logo: LOGO, maxDays: 90, accounts: [
    // ITAV includes an overdraft: only the booked balance (ITBD) is the account's.
    account({ hash: 'hash-current', type: 'CACC', details: 'Joint Current', product: 'Classic Account', ids: bban('12345612345678'),
      balances: { ITBD: '1234.56', ITAV: '1734.56' }, rows: currentRows }),
    account({ hash: 'hash-card', type: 'CARD', product: 'Rewards Credit Card', limit: '3000.00',
      ids: [{ identification: '************4321', scheme_name: 'CPAN' }], balances: { ITBD: '-250.40', ITAV: '2749.60' }, rows: cardRows }),
    account({ hash: 'hash-eur', type: 'SVGS', currency: 'EUR', details: 'Euro Saver', product: 'Savings', ids: bban('99887766554433'),
      balances: { ITBD: '800.00', ITAV: '800.00' }, rows: euroRows }),
    // Listed, but the bank shares no data: it comes without a uid.
    account({ hash: 'hash-nouid', type: 'CACC', details: 'Old Account', ids: bban('55555511112222'), noUid: true }),
  ] },
  // Decoupled approval: the consent page waits 2 s for "the banking app".
  { name: 'Approve In App Bank', country: 'GB', logo: null, maxDays: 90, decoupled: true,
    accounts: [everyday('hash-inapp-current', '20000012345678')] },
  { name: 'Short Consent Bank', country: 'GB', logo: null, maxDays: 3, accounts: [everyday('hash-short-current', '30000087654321')] },
]

// State: authorisations by id, codes, sessions by id, session-scoped uids, the request log.
let auths, codes, sessions, uids, requests
function reset() {
  auths = new Map(); codes = new Map(); sessions = new Map(); uids = new Map(); requests = []
}
reset()

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
function fail(res, status, error, message, detail = null) {
  send(res, status, { message, code: status, error, detail })
}
function page(res, status, title, body) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${esc(title)}</title><style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}` +
    `button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem 0}</style></head><body><main>${body}</main></body></html>`)
}
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const b64json = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

/** Why the Authorization header is refused, or null when it is good. */
function refusal(header) {
  if (!header) return ['AUTHORIZATION_NOT_PROVIDED', 'Authorization header is missing']
  const token = /^Bearer (\S+)$/.exec(header)?.[1]
  const parts = token?.split('.') ?? []
  if (parts.length !== 3) return ['UNAUTHORIZED_ACCESS', 'Authorization must be "Bearer <JWT>"']
  let head, claims
  try {
    head = b64json(parts[0]); claims = b64json(parts[1])
  } catch {
    return ['UNAUTHORIZED_ACCESS', 'The JWT is not base64url JSON']
  }
  if (head.alg !== 'RS256') return ['UNAUTHORIZED_ACCESS', `alg must be RS256, not ${head.alg}`]
  if (head.kid !== APP_ID) return ['UNAUTHORIZED_ACCESS', `kid ${head.kid} is not a known application`]
  const signed = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), PUBLIC_KEY, Buffer.from(parts[2], 'base64url'))
  if (!signed) return ['UNAUTHORIZED_ACCESS', 'The JWT signature does not match the application key']
  const now = Math.floor(Date.now() / 1000)
  if (claims.iss !== 'enablebanking.com') return ['UNAUTHORIZED_ACCESS', 'iss must be enablebanking.com']
  if (claims.aud !== 'api.enablebanking.com') return ['UNAUTHORIZED_ACCESS', 'aud must be api.enablebanking.com']
  if (!Number.isInteger(claims.iat) || !Number.isInteger(claims.exp)) return ['UNAUTHORIZED_ACCESS', 'iat and exp are required']
  if (claims.exp <= now) return ['UNAUTHORIZED_ACCESS', 'The JWT has expired']
  if (claims.exp - claims.iat > DAY) return ['UNAUTHORIZED_ACCESS', 'The JWT may live at most 86400 seconds']
  return null
}

async function readJson(req) {
  const chunks = []
  for await (const c of req) chunks.push(c)
  try { return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') } catch { return null }
}
const isUrl = (s) => { try { return Boolean(new URL(s)) } catch { return false } }
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

async function startAuth(req, res, base) {
  const b = await readJson(req)
  const until = b?.access?.valid_until
  if (!b || typeof until !== 'string' || !rfc3339.test(until) || typeof b.aspsp?.name !== 'string' ||
      typeof b.aspsp?.country !== 'string' || typeof b.state !== 'string' || typeof b.redirect_url !== 'string' ||
      !isUrl(b.redirect_url) || (b.psu_type !== undefined && !['personal', 'business'].includes(b.psu_type))) {
    return fail(res, 400, 'WRONG_REQUEST_PARAMETERS', 'access.valid_until, aspsp {name, country}, state and redirect_url are required')
  }
  const bank = BANKS.find((x) => x.name === b.aspsp.name && x.country === b.aspsp.country)
  if (!bank) return fail(res, 400, 'WRONG_ASPSP_PROVIDED', `No ASPSP ${b.aspsp.name} in ${b.aspsp.country}`)
  const ends = Date.parse(until)
  // A minute's grace for the time the request took.
  if (ends <= Date.now() || ends > Date.now() + (bank.maxDays * DAY + 60) * 1000) {
    return fail(res, 400, 'WRONG_REQUEST_PARAMETERS', `valid_until must be within ${bank.maxDays} days from now`)
  }
  const id = randomUUID()
  auths.set(id, { id, bank, state: b.state, redirect: b.redirect_url, validUntil: new Date(ends).toISOString(), answered: false })
  send(res, 200, { url: `${base}/consent?authorization_id=${id}`, authorization_id: id, psu_id_hash: `psu-${randomUUID()}` })
}

/** The provider's and the bank's pages in one: Approve or Deny. */
function consentPage(res, q) {
  const auth = auths.get(q.get('authorization_id') ?? '')
  if (!auth) return page(res, 404, 'Unknown authorisation', '<h1>This authorisation does not exist</h1>')
  if (auth.answered) return page(res, 400, 'Already answered', '<h1>This authorisation has already been answered</h1>')
  const hidden = auth.bank.decoupled ? ' hidden' : ''
  const form = (action, label, attrs = '') => `<form action="/consent/${action}" method="get">` +
    `<input type="hidden" name="authorization_id" value="${esc(auth.id)}"><button type="submit"${attrs}>${label}</button></form>`
  page(res, 200, `${auth.bank.name} — approve access`, `<h1>${esc(auth.bank.name)}</h1>` +
    `<p>MySpending asks to read your accounts, balances and transactions until ${esc(auth.validUntil.slice(0, 10))}.</p>` +
    (auth.bank.decoupled ? '<p role="status">Approve in your banking app</p>' : '') +
    form('approve', 'Approve', ` id="approve"${hidden}`) + form('deny', 'Deny') +
    (auth.bank.decoupled ? '<script>setTimeout(() => { document.getElementById("approve").hidden = false }, 2000)</script>' : ''))
}

function answer(res, q, approved) {
  const auth = auths.get(q.get('authorization_id') ?? '')
  if (!auth || auth.answered) return consentPage(res, q)
  auth.answered = true
  const back = new URL(auth.redirect)
  if (approved) {
    const code = randomBytes(16).toString('hex')
    codes.set(code, { auth, used: false })
    back.searchParams.set('code', code)
  } else {
    back.searchParams.set('error', 'access_denied')
    back.searchParams.set('error_description', 'User denied')
  }
  back.searchParams.set('state', auth.state)
  res.writeHead(302, { location: back.toString() })
  res.end()
}

async function createSession(req, res) {
  const b = await readJson(req)
  if (typeof b?.code !== 'string') return fail(res, 400, 'WRONG_REQUEST_PARAMETERS', 'code is required')
  const grant = codes.get(b.code)
  // One error for an unknown and a used code: either way the code cannot open a session.
  if (!grant || grant.used) return fail(res, 400, 'WRONG_AUTHORIZATION_CODE', 'The authorization code is invalid or already used')
  grant.used = true
  const { bank, validUntil } = grant.auth
  const session = { id: randomUUID(), bank, validUntil, status: 'AUTHORIZED', fetches: new Map() }
  sessions.set(session.id, session)
  const accounts = bank.accounts.map((a) => {
    if (a.noUid) return { ...a.resource, uid: null }
    const uid = randomUUID() // new in every session; the identification_hash stays
    uids.set(uid, { session, account: a })
    return { ...a.resource, uid }
  })
  send(res, 200, { session_id: session.id, accounts, aspsp: { name: bank.name, country: bank.country },
    psu_type: 'personal', access: { valid_until: validUntil } })
}

function deleteSession(res, id) {
  const session = sessions.get(id)
  if (!session) return fail(res, 404, 'SESSION_DOES_NOT_EXIST', `No session ${id}`)
  session.status = 'CLOSED'
  send(res, 200, { message: 'OK' })
}

/** The account behind a uid, or an answer saying why not. */
function accountOf(res, uid) {
  const found = uids.get(uid)
  if (!found) return fail(res, 404, 'ACCOUNT_DOES_NOT_EXIST', `No account ${uid}`)
  const { session } = found
  if (session.status === 'CLOSED') return fail(res, 401, 'CLOSED_SESSION', 'The session was closed')
  if (session.status === 'EXPIRED' || Date.parse(session.validUntil) <= Date.now()) {
    return fail(res, 401, 'EXPIRED_SESSION', 'The session has expired')
  }
  return found
}

function balances(res, uid) {
  const found = accountOf(res, uid)
  if (!found) return
  const { account } = found
  const named = { ITBD: 'Interim booked', ITAV: 'Interim available' }
  send(res, 200, { balances: Object.entries(account.balances).map(([type, amount]) => ({
    name: named[type], balance_amount: { amount, currency: account.currency }, balance_type: type,
    last_change_date_time: null, reference_date: day(0), last_committed_transaction: null })) })
}

function transactions(res, uid, q) {
  const found = accountOf(res, uid)
  if (!found) return
  const { session, account } = found
  const from = q.get('date_from')
  if (from !== null && !/^\d{4}-\d{2}-\d{2}$/.test(from)) return fail(res, 400, 'WRONG_REQUEST_PARAMETERS', 'date_from must be YYYY-MM-DD')
  // A fetch is a request without a continuation key; its pages all show that fetch's rows.
  let fetch, offset = 0
  const key = q.get('continuation_key')
  if (key === null) {
    fetch = (session.fetches.get(account.hash) ?? 0) + 1
    session.fetches.set(account.hash, fetch)
  } else {
    try { ({ fetch, offset } = b64json(key)) } catch { /* checked below */ }
    if (!Number.isInteger(fetch) || !Number.isInteger(offset) || fetch > (session.fetches.get(account.hash) ?? 0)) {
      return fail(res, 400, 'WRONG_CONTINUATION_KEY', 'Unknown continuation_key')
    }
  }
  const rows = account.rows(fetch).filter((t) => from === null || (t.booking_date ?? t.value_date) >= from)
  const more = offset + PAGE_SIZE < rows.length
  const next = more ? Buffer.from(JSON.stringify({ fetch, offset: offset + PAGE_SIZE })).toString('base64url') : null
  // transaction_id is not stable across fetches (as at many banks): nothing may rely on it.
  const shown = rows.slice(offset, offset + PAGE_SIZE).map((t) => ({ ...t, transaction_id: randomUUID() }))
  send(res, 200, { transactions: shown, continuation_key: next })
}

async function route(req, res) {
  const base = `http://127.0.0.1:${server.address().port}`
  const url = new URL(req.url, base)
  const [path, q, m] = [url.pathname, url.searchParams, req.method]
  if (path === '/_control/requests' && m === 'GET') return send(res, 200, requests)
  if (path === '/_control/reset' && m === 'POST') {
    reset()
    return send(res, 200, { message: 'OK' })
  }
  if (path === '/_control/expire' && m === 'POST') {
    for (const s of sessions.values()) if (s.status === 'AUTHORIZED') s.status = 'EXPIRED'
    return send(res, 200, { message: 'OK' })
  }
  if (path === '/consent' && m === 'GET') return consentPage(res, q)
  if (path === '/consent/approve' && m === 'GET') return answer(res, q, true)
  if (path === '/consent/deny' && m === 'GET') return answer(res, q, false)

  requests.push({ method: m, path, query: Object.fromEntries(q) })
  const refused = refusal(req.headers.authorization)
  if (refused) return fail(res, 401, refused[0], refused[1])
  const account = /^\/accounts\/([^/]+)\/(balances|transactions)$/.exec(path)
  const session = /^\/sessions\/([^/]+)$/.exec(path)
  if (path === '/aspsps' && m === 'GET') {
    const wanted = BANKS.filter((b) => (!q.get('country') || b.country === q.get('country')) &&
      (!q.get('psu_type') || q.get('psu_type') === 'personal'))
    return send(res, 200, { aspsps: wanted.map((b) => ({ name: b.name, country: b.country, logo: b.logo,
      psu_types: ['personal'], auth_methods: [], maximum_consent_validity: b.maxDays * DAY, sandbox: null,
      beta: false, bic: null, required_psu_headers: [], payments: [] })) })
  }
  if (path === '/auth' && m === 'POST') return startAuth(req, res, base)
  if (path === '/sessions' && m === 'POST') return createSession(req, res)
  if (session && m === 'DELETE') return deleteSession(res, session[1])
  if (account && m === 'GET') return account[2] === 'balances' ? balances(res, account[1]) : transactions(res, account[1], q)
  fail(res, 404, 'NOT_FOUND', `No route ${m} ${path}`)
}

const server = createServer((req, res) => {
  route(req, res).catch((e) => { console.error(e); if (!res.headersSent) fail(res, 500, 'INTERNAL_ERROR', String(e)) })
})
server.listen(Number(port), '127.0.0.1', () => {
  console.log(`fake Enable Banking on http://127.0.0.1:${server.address().port} (application ${APP_ID})`)
})
