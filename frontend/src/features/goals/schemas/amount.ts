import { z } from 'zod'
import { parseAmountText } from '@/lib/money'

/** The largest target or contribution: £999,999,999.99. */
export const MAX_GOAL_AMOUNT_PENCE = 99_999_999_999

/** A form's words for an amount's problems. */
export type AmountMessages = { required: string; positive: string; number: string; decimals: string; max: string }

/** The message for an amount's text, or null for £0.01 to £999,999,999.99. */
export function goalAmountProblem(text: string, messages: AmountMessages): string | null {
  const s = text.trim()
  if (s === '') return messages.required
  const parsed = parseAmountText(s)
  if (!parsed.ok) {
    if (parsed.problem === 'not-a-number') return messages.number
    if (s.startsWith('-')) return messages.positive
    if (parsed.problem === 'too-large') return messages.max
    return messages.decimals
  }
  if (parsed.pence <= 0) return messages.positive
  if (parsed.pence > MAX_GOAL_AMOUNT_PENCE) return messages.max
  return null
}

/** Decimal text in, positive integer pence out. */
export function goalAmountField(messages: AmountMessages) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const problem = goalAmountProblem(text, messages)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform((text) => {
      const parsed = parseAmountText(text)
      return parsed.ok ? parsed.pence : 0
    })
}

/** Pence of an amount's text when it is a valid amount, else null (the contribution preview). */
export function validAmountPence(text: string, messages: AmountMessages): number | null {
  if (goalAmountProblem(text, messages)) return null
  const parsed = parseAmountText(text)
  return parsed.ok ? parsed.pence : null
}
