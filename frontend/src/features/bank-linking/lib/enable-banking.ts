/**
 * Enable Banking's connections in words (when the consent ends, why one needs renewing, the
 * accounts a consent left out), and the browser's departure to the bank.
 */
import { formatDate } from '@/lib/format'
import type { BankConnection, SkippedAccount } from '../api/types'

/** Only UK banks for now: MySpending keeps pounds sterling. */
export const ENABLE_BANKING_COUNTRY = 'GB'

/** 'Consent until 02/10/2026' for a connection with a consent end; null for the others. */
export function consentUntil(connection: BankConnection): string | null {
  const until = connection.consentExpiresAt ? formatDate(connection.consentExpiresAt) : ''
  return until ? `Consent until ${until}` : null
}

/** Why a connection whose consent ends within seven days is in Needs Attention. */
export function renewalDueMessage(connection: BankConnection): string {
  const until = connection.consentExpiresAt ? formatDate(connection.consentExpiresAt) : ''
  const ends = until ? `ends on ${until}` : 'ends soon'
  return `Your consent with ${connection.institutionName} ${ends}. Reconnect to keep it syncing.`
}

/** 'Euro Saver was not linked. It is in EUR: …' — one of the bank's accounts the consent left out, and why. */
export function skippedAccountLine(account: SkippedAccount): string {
  const reason = account.reason.trim().replace(/\.$/, '')
  return reason ? `${account.name} was not linked. ${reason}.` : `${account.name} was not linked.`
}

/** Connections that still work but whose consent ends soon: they need renewing to keep syncing. */
export function renewalsDue(connections: readonly BankConnection[] | undefined): BankConnection[] {
  return (connections ?? []).filter((c) => c.isActive && c.renewalDue)
}

/** Sends the browser to the consent's address (Enable Banking, then the bank); tests pass their own. */
export function leaveForBank(url: string): void {
  window.location.assign(url)
}
