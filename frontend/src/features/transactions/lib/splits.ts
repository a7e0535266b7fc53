import { ApiError } from '@/lib/api/client'
import type { TransactionSplit } from '@/lib/api/types'
import { formatMoney } from '@/lib/format'
import { parseAmountText, sumPence, toPence } from '@/lib/money'

/** A transaction may be split into 2 to 20 parts (the server's rule). */
export const MIN_SPLIT_PARTS = 2
export const MAX_SPLIT_PARTS = 20
export const SPLIT_NOTE_MAX = 200

/** The server's words for a split it refuses; the form says the same before sending. */
export const splitMessages = {
  partCount: 'A split needs between 2 and 20 parts',
  amountRequired: 'Split amount is required',
  amountNumber: 'Split amount must be a number',
  amountPositive: 'Split amount must be positive',
  noteMax: 'Split note cannot exceed 200 characters',
  transfer: 'A transfer cannot be split',
} as const

const SUM_MESSAGE_START = 'Split amounts must add up to'

/** 'Split amounts must add up to £84.20 (they add up to £80.00)', from integer pence. */
export function splitSumMessage(totalPence: number, sumOfPartsPence: number): string {
  return `${SUM_MESSAGE_START} ${formatMoney(totalPence)} (they add up to ${formatMoney(sumOfPartsPence)})`
}

/** The live sum under a split's rows: what each part and the whole come to, and what is left. */
export type SplitTally = {
  /** Each part's amount in pence (0 while its text is not an amount yet). */
  parts: number[]
  sum: number
  total: number
  /** total − sum: positive while some is left to split, negative when the parts are over. */
  left: number
}

/** Amount texts as typed ('61', '23.20') in, pence out; text that is not an amount counts 0. */
export function tallySplit(totalText: string, partTexts: readonly string[]): SplitTally {
  const pence = (text: string) => {
    const parsed = parseAmountText(text)
    return parsed.ok && parsed.pence > 0 ? parsed.pence : 0
  }
  const parts = partTexts.map(pence)
  const sum = sumPence(parts)
  const total = pence(totalText)
  return { parts, sum, total, left: total - sum }
}

/** '£61.00 + £23.20 = £84.20 of £84.20'. */
export function tallyEquation(tally: SplitTally): string {
  return `${tally.parts.map(formatMoney).join(' + ')} = ${formatMoney(tally.sum)} of ${formatMoney(tally.total)}`
}

/** '£0.00 left to split' when exact, '£3.20 left to split' or '£3.20 over' otherwise. */
export function tallyLeft(tally: SplitTally): string {
  return tally.left < 0 ? `${formatMoney(-tally.left)} over` : `${formatMoney(tally.left)} left to split`
}

/**
 * The split's own error as it should read now: a refused sum follows the parts as they are
 * edited (its figures stay true, and it goes once they add up); any other error stays as it was.
 */
export function liveSplitError(error: string | undefined, tally: SplitTally): string | undefined {
  if (!error?.startsWith(SUM_MESSAGE_START)) return error
  return tally.left === 0 ? undefined : splitSumMessage(tally.total, tally.sum)
}

/** A part's amount from the answer, as integer pence. */
export function splitPence(part: TransactionSplit): number {
  return toPence(part.amount)
}

/** 'Split · 2 categories'. */
export function splitLabel(parts: readonly TransactionSplit[]): string {
  const categories = new Set(parts.map((p) => p.category._id)).size
  return `Split · ${categories} ${categories === 1 ? 'category' : 'categories'}`
}

/** 'Groceries £61.00, Household £23.20': the parts in one line (Copy Details, titles). */
export function splitsText(parts: readonly TransactionSplit[]): string {
  return parts.map((p) => `${p.category.name} ${formatMoney(splitPence(p))}`).join(', ')
}

const SPLIT_REFUSALS: ReadonlySet<string> = new Set(Object.values(splitMessages))

/** The server's refusal of a form's split (a 400 about its parts), to show under the parts. */
export function splitRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.serverMessage) return undefined
  const message = error.serverMessage
  return SPLIT_REFUSALS.has(message) || message.startsWith(SUM_MESSAGE_START) ? message : undefined
}

/**
 * What a split transaction puts in one category, in pence signed like the transaction (its parts
 * there summed); null when it is not split or has no part there. The list filtered by a category
 * shows this beside the whole amount, as the filter's summary counts it.
 */
export function splitShareIn(
  t: { amount: number; splits?: readonly TransactionSplit[] | null },
  categoryId: string,
): number | null {
  const parts = (t.splits ?? []).filter((p) => p.category._id === categoryId)
  if (!categoryId || parts.length === 0) return null
  const pence = sumPence(parts.map(splitPence))
  return t.amount < 0 ? -pence : pence
}
