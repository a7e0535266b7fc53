import { z } from 'zod'
import { MAX_AMOUNT_PENCE, parseAmountText, penceToDecimalText } from '@/lib/money'

/** Every validation message of the budget form. */
export const budgetMessages = {
  required: 'Budget limit is required',
  number: 'Budget limit must be a number',
  positive: 'Budget limit must be positive',
  min: 'Budget limit must be at least £0.01',
  max: 'Budget limit cannot exceed £999,999.99',
  decimals: 'Budget limit cannot have more than 2 decimal places',
} as const

/** A limit is £0.01 to £999,999.99. */
export const MIN_LIMIT_PENCE = 1
export const MAX_LIMIT_PENCE = MAX_AMOUNT_PENCE

/** Positive amounts below a penny, written with more decimals ('0.001', '.0099'). */
const BELOW_A_PENNY = /^\+?0*\.00\d*[1-9]\d*$/

/** The message for a limit's text, or null when it is a valid limit. */
export function limitProblem(text: string): string | null {
  const s = text.trim()
  if (s === '') return budgetMessages.required
  const parsed = parseAmountText(s)
  if (!parsed.ok) {
    if (parsed.problem === 'not-a-number') return budgetMessages.number
    if (parsed.problem === 'too-large') return s.startsWith('-') ? budgetMessages.positive : budgetMessages.max
    // Too many decimals: a negative amount is not positive; a fraction of a penny is below the minimum.
    if (s.startsWith('-')) return budgetMessages.positive
    if (BELOW_A_PENNY.test(s)) return budgetMessages.min
    return budgetMessages.decimals
  }
  if (parsed.pence <= 0) return budgetMessages.positive
  if (parsed.pence < MIN_LIMIT_PENCE) return budgetMessages.min
  if (parsed.pence > MAX_LIMIT_PENCE) return budgetMessages.max
  return null
}

export const budgetFormSchema = z.object({
  limit: z
    .string()
    .superRefine((text, ctx) => {
      const problem = limitProblem(text)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform((text) => {
      const parsed = parseAmountText(text)
      return parsed.ok ? parsed.pence : 0
    }),
})

export type BudgetFormInput = z.input<typeof budgetFormSchema>
/** The limit in integer pence. */
export type BudgetFormValues = z.output<typeof budgetFormSchema>

/** The form's starting text: the current limit ('250.00') or empty for a new budget. */
export function budgetFormDefaults(limitPence: number | null): BudgetFormInput {
  return { limit: limitPence === null ? '' : penceToDecimalText(limitPence) }
}

/** The limit as the server takes it: decimal text. */
export function limitText(values: BudgetFormValues): string {
  return penceToDecimalText(values.limit)
}
