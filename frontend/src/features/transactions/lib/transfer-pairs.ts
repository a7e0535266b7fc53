import { formatDate, formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { TransferSuggestion } from '../api/get-transfer-suggestions'

/** '£350.00 from Everyday Current (20/11/2026) to Rewards Credit Card (22/11/2026)'. */
export function pairText({ out, in: into }: TransferSuggestion): string {
  const amount = formatMoney(Math.abs(toPence(out.amount)))
  return `${amount} from ${out.accountId.name} (${formatDate(out.date)}) to ${into.accountId.name} (${formatDate(into.date)})`
}

/** The pairs a row is in, as the row out or the row in. */
export function pairsOf(suggestions: readonly TransferSuggestion[], id: string): TransferSuggestion[] {
  return suggestions.filter((s) => s.out._id === id || s.in._id === id)
}

/** A stable key for a pair. */
export function pairKey({ out, in: into }: TransferSuggestion): string {
  return `${out._id}:${into._id}`
}
