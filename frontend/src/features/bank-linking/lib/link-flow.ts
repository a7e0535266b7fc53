/**
 * The rules of linking a bank that need no React: which way of linking the dialog starts with,
 * which widget a link token opens, the demo bank's public token and institution, and the spec's
 * messages for each way it can fail.
 */
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { newIdempotencyKey } from '@/lib/api/idempotency'
import { toPence } from '@/lib/money'
import type { BankConnection, BankProviderInfo, Institution, LinkTokenResponse } from '../api/types'

/** The exchange and the syncs can take up to a minute (spec §9). */
export const BANK_CALL_TIMEOUT_MS = 60_000

export const CANCELLED_MESSAGE = 'Bank connection was cancelled'
export const EXCHANGE_REFUSED_MESSAGE = 'Failed to connect bank account'
export const CONNECTION_FAILED_MESSAGE = 'Bank connection failed. Please try again.'
export const CONNECTED_FALLBACK_MESSAGE = 'Bank account connected'
export const RECONNECTED_FALLBACK_MESSAGE = 'Bank reconnected'
/** Enable Banking's return to /accounts (?bankError=denied, ?bankError=expired). */
export const BANK_DENIED_MESSAGE = 'The bank connection was cancelled at your bank. Nothing was linked.'
export const BANK_LINK_EXPIRED_MESSAGE = 'That bank link has expired or was already used. Please connect again.'

/**
 * Enable Banking's return with '&skipped=n': some of the bank's accounts stay out (another
 * currency, or no data shared); the bank's card on the page names each with why.
 */
export function skippedAccountsMessage(count: number): string {
  const accounts = count === 1 ? "1 of the bank's accounts was" : `${count} of the bank's accounts were`
  return `${accounts} not linked. The bank's entry below says why.`
}

/**
 * Where the dialog starts for a new bank: waiting for the providers; a choice between the ways
 * the server offers when there are several; Enable Banking's bank list when it is the only one;
 * otherwise the link token, as before there was a choice (the demo bank or Plaid alone, or no
 * answer about the providers, when the link token's own answer says what is wrong).
 */
export type LinkStart = 'waiting' | 'pick-provider' | 'enablebanking' | 'link-token'

export function linkStart(providers: {
  status: 'pending' | 'error' | 'success'
  data: readonly BankProviderInfo[] | undefined
}): LinkStart {
  if (providers.status === 'pending') return 'waiting'
  const offered = offeredProviders(providers.data)
  if (offered.length > 1) return 'pick-provider'
  return offered[0]?.id === 'enablebanking' ? 'enablebanking' : 'link-token'
}

/** The providers Connect Bank offers, in the server's order. */
export function offeredProviders(providers: readonly BankProviderInfo[] | undefined): BankProviderInfo[] {
  return (providers ?? []).filter((p) => p.enabled)
}

/** The built-in demo bank, as the demo picker reports it to the exchange. */
export const DEMO_INSTITUTION: Institution = { name: 'Demo Bank UK', institution_id: 'ins_demo' }

/** Which widget the token opens: our own Demo Bank picker, or Plaid Link. */
export type LinkWidget = 'demo' | 'plaid'

export function linkWidget(res: Pick<LinkTokenResponse, 'link_token' | 'provider'>): LinkWidget {
  return res.link_token.startsWith('link-demo-') || res.provider === 'demo' ? 'demo' : 'plaid'
}

/**
 * The demo bank's public token: 'public-demo-' and a random UUID. crypto.randomUUID only exists
 * in secure contexts (not on a home server over plain http), so 128 random bits stand in there.
 */
export function demoPublicToken(): string {
  const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newIdempotencyKey()
  return `public-demo-${id}`
}

/**
 * The message of a failed exchange: the server's when it sent one; otherwise a refusal (400) is
 * 'Failed to connect bank account' and anything else (502, a timeout, no signal) the try-again one.
 */
export function exchangeErrorMessage(error: unknown): string {
  const refused = error instanceof ApiError && error.status === 400
  return getErrorMessage(error, refused ? EXCHANGE_REFUSED_MESSAGE : CONNECTION_FAILED_MESSAGE)
}

/** '1 account', '2 accounts'. */
export function accountCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'account' : 'accounts'}`
}

/**
 * The linked accounts whose balance here differs from the bank's at the last sync, each with
 * both figures in pence: shown under the connection, so a difference is seen, not hidden.
 */
export function balanceDifferences(
  connection: BankConnection,
): { name: string; oursPence: number; bankPence: number }[] {
  return connection.accounts
    .filter((a) => a.bankBalance !== null && a.bankBalance !== undefined)
    .map((a) => ({ name: a.name, oursPence: toPence(a.currentBalance), bankPence: toPence(a.bankBalance as number) }))
    .filter((a) => a.oursPence !== a.bankPence)
}

/** The ids of our accounts that a connection imports (their cards show 'Linked'). */
export function linkedAccountIds(connections: readonly BankConnection[] | undefined): ReadonlySet<string> {
  return new Set((connections ?? []).flatMap((c) => c.accounts.map((a) => a._id)))
}

/** Connections that need signing in again, and those that work. */
export function splitConnections(connections: readonly BankConnection[] | undefined): {
  needsAttention: BankConnection[]
  active: BankConnection[]
} {
  const list = connections ?? []
  return { needsAttention: list.filter((c) => !c.isActive), active: list.filter((c) => c.isActive) }
}
