/**
 * Enable Banking's return to /accounts: once the bank has answered, the server's callback sends
 * the browser to '/accounts?linked=<itemId>' (with '&skipped=<n>' when n of the bank's accounts
 * were left out: another currency, or no data shared) or '/accounts?bankError=denied|expired|failed'.
 */
import { BANK_DENIED_MESSAGE, BANK_LINK_EXPIRED_MESSAGE, CONNECTION_FAILED_MESSAGE } from './link-flow'

const LINKED_PARAM = 'linked'
const SKIPPED_PARAM = 'skipped'
const BANK_ERROR_PARAM = 'bankError'

export type ConsentReturn =
  | { outcome: 'linked'; itemId: string; skipped: number }
  | { outcome: 'failed'; message: string }

const BANK_ERRORS = new Map([
  ['denied', BANK_DENIED_MESSAGE],
  ['expired', BANK_LINK_EXPIRED_MESSAGE],
  ['failed', CONNECTION_FAILED_MESSAGE],
])

/** The outcome the address carries, or null on an ordinary visit. An unknown bankError is a failure. */
export function consentReturn(search: string): ConsentReturn | null {
  const params = new URLSearchParams(search)
  const error = params.get(BANK_ERROR_PARAM)
  if (error !== null) return { outcome: 'failed', message: BANK_ERRORS.get(error) ?? CONNECTION_FAILED_MESSAGE }
  const itemId = params.get(LINKED_PARAM)
  if (!itemId) return null
  const skipped = Number(params.get(SKIPPED_PARAM) ?? '0')
  return { outcome: 'linked', itemId, skipped: Number.isInteger(skipped) && skipped > 0 ? skipped : 0 }
}

/** The query string without the return's parameters: '' when nothing else is left, otherwise '?…'. */
export function withoutConsentReturn(search: string): string {
  const params = new URLSearchParams(search)
  for (const name of [LINKED_PARAM, SKIPPED_PARAM, BANK_ERROR_PARAM]) params.delete(name)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}
