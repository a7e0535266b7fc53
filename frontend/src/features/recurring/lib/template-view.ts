/** How a template's amount and accounts read on its card. */
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { RecurringTemplate, RecurringType } from '../api/types'

/** Income green, expenses red, transfers in the text colour (money only moves). */
/** The colour of an amount by its type: income green, an expense red, a transfer plain. */
export function amountColor(type: RecurringType | string): string {
  if (type === 'income') return 'fg.success'
  if (type === 'expense') return 'fg.error'
  return 'fg'
}

/** '+£2,500.00' for income, '-£12.99' for an expense, '£200.00' for a transfer. */
export function templateAmountText(t: Pick<RecurringTemplate, 'amount' | 'type'>): string {
  const text = formatMoney(Math.abs(toPence(t.amount)))
  if (t.type === 'income') return `+${text}`
  if (t.type === 'expense') return `-${text}`
  return text
}

/** The account of income or an expense, or 'From → To' for a transfer. */
export function templateAccountsText(t: RecurringTemplate): string {
  if (t.type === 'transfer') {
    return `${t.fromAccountId?.name ?? 'Unknown account'} → ${t.toAccountId?.name ?? 'Unknown account'}`
  }
  return t.accountId?.name ?? ''
}
