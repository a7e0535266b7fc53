import { z } from 'zod'
import { londonToday } from '@/lib/calendar-day'
import { MAX_AMOUNT_PENCE, parseAmountText } from '@/lib/money'

/**
 * Every validation message of the transaction and transfer forms.
 * The amount's decimals and upper bound use the server's own words.
 */
export const messages = {
  amountRequired: 'Amount is required',
  amountNumber: 'Amount must be a number',
  amountPositive: 'Amount must be positive',
  amountDecimals: 'Amount cannot have more than 2 decimal places',
  amountMax: 'Amount cannot exceed £999,999.99',
  descriptionRequired: 'Description is required',
  descriptionMax: 'Description cannot exceed 100 characters',
  typeInvalid: 'Type must be income or expense',
  categoryRequired: 'Category is required',
  accountRequired: 'Account is required',
  dateRequired: 'Date is required',
  dateFuture: 'Date cannot be in the future',
  notesMax: 'Notes cannot exceed 200 characters',
  fromRequired: 'From account is required',
  toRequired: 'To account is required',
  sameAccount: 'Cannot transfer to the same account',
  tooManyTags: 'A transaction can have at most 10 tags',
  tagNameMax: 'Tag name must be at most 30 characters',
} as const

/** A tag's name: trimmed, at most 30 characters (the server's rule). */
export const TAG_NAME_MAX = 30

export const DESCRIPTION_MAX = 100
export const NOTES_MAX = 200

/** The message for an amount's text, or null when it is a valid positive amount. */
export function amountProblem(text: string): string | null {
  if (text.trim() === '') return messages.amountRequired
  const parsed = parseAmountText(text)
  if (!parsed.ok) {
    if (parsed.problem === 'too-many-decimals') return messages.amountDecimals
    if (parsed.problem === 'too-large') return messages.amountMax
    return messages.amountNumber
  }
  if (parsed.pence <= 0) return messages.amountPositive
  if (parsed.pence > MAX_AMOUNT_PENCE) return messages.amountMax
  return null
}

/** Positive decimal text in, integer pence out. */
export const amountField = amountFieldSaying({})

/**
 * An amount field whose refusals are `amountProblem`'s, each said in `words`' own message where
 * it has one (a split's part: 'Split amount must be positive').
 */
export function amountFieldSaying(words: Readonly<Record<string, string>>) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const problem = amountProblem(text)
      if (problem) ctx.addIssue({ code: 'custom', message: words[problem] ?? problem })
    })
    .transform((text) => {
      const parsed = parseAmountText(text)
      return parsed.ok ? parsed.pence : 0
    })
}

export const descriptionField = z
  .string()
  .trim()
  .min(1, messages.descriptionRequired)
  .max(DESCRIPTION_MAX, messages.descriptionMax)

export const notesField = z.string().trim().max(NOTES_MAX, messages.notesMax)

/** A YYYY-MM-DD day from a date input, not after `today()` (London). */
export function dateField(today: () => string = londonToday) {
  return z
    .string()
    .trim()
    .min(1, messages.dateRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateRequired)
    .refine((day) => day <= today(), messages.dateFuture)
}

/** Lets an object-level rule run even when a field already failed, so every message shows at once. */
export function whenObject(payload: { value: unknown }): boolean {
  return typeof payload.value === 'object' && payload.value !== null
}
