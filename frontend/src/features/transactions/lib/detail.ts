import type { Transaction } from '@/lib/api/types'
import { formatDate, formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { splitsText } from './splits'

/** '+£12.50' for income, '-£12.50' otherwise (spec doc 2). */
export function detailAmount(t: Pick<Transaction, 'amount' | 'type'>): string {
  const abs = formatMoney(Math.abs(toPence(t.amount)))
  return t.type === 'income' ? `+${abs}` : `-${abs}`
}

/** A transfer leg's accounts as 'from → to', using the linked leg. */
export function transferRoute(t: Transaction): string {
  const here = t.accountId.name
  const there = t.relatedTransferTransaction?.accountId.name ?? 'Unknown Account'
  return toPence(t.amount) < 0 ? `${here} → ${there}` : `${there} → ${here}`
}

export function balanceAfter(t: Transaction): string {
  return t.balanceAfterTransaction === null || t.balanceAfterTransaction === undefined
    ? 'N/A'
    : formatMoney(toPence(t.balanceAfterTransaction))
}

/** The text that Copy Details and Share hand over. */
export function detailsText(t: Transaction): string {
  const lines = [
    t.description,
    `Amount: ${detailAmount(t)}`,
    `Date: ${formatDate(t.date)}`,
    t.isTransfer ? `Accounts: ${transferRoute(t)}` : `Account: ${t.accountId.name}`,
  ]
  const parts = t.splits
  if (parts.length > 0) lines.push(`Split: ${splitsText(parts)}`)
  else if (!t.isTransfer) lines.push(`Category: ${t.categoryId?.name ?? 'General'}`)
  if (t.notes) lines.push(`Notes: ${t.notes}`)
  return lines.join('\n')
}


/**
 * A transfer leg whose other leg is on another member's private account: the server names that
 * side only 'Private account', and only its owner may change or delete the transfer.
 */
export function withPrivateSide(t: Transaction): boolean {
  return t.relatedTransferTransaction != null && t.relatedTransferTransaction._id == null
}

/** A transfer leg's other side: 'To Savings' for money leaving, 'From Current' for money arriving. */
export function transferCounterpart(t: Transaction): string {
  const other = t.relatedTransferTransaction?.accountId.name ?? 'Unknown Account'
  return toPence(t.amount) < 0 ? `To ${other}` : `From ${other}`
}
