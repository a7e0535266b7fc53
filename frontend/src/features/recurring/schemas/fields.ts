import { z } from 'zod'
import { MAX_AMOUNT_PENCE, parseAmountText, penceToDecimalText, toPence } from '@/lib/money'
import type { RecurringTemplate } from '../api/types'
import { FREQUENCIES, isFrequency } from '../lib/frequency'

/**
 * Every validation message of the recurring forms (spec doc 2 §5, §9); where the spec names
 * none, the server's own words (domain::recurring).
 */
export const recurringMessages = {
  amountNumber: 'Amount must be a number',
  amountMin: 'Amount must be at least £0.01',
  amountMax: 'Amount cannot exceed £999,999.99',
  amountDecimals: 'Amount cannot have more than 2 decimal places',
  descriptionRequired: 'Description is required',
  descriptionMin: 'Description must be at least 2 characters',
  descriptionMax: 'Description cannot exceed 100 characters',
  typeInvalid: 'Type must be income or expense',
  categoryRequired: 'Category is required',
  accountRequired: 'Account is required',
  frequencyInvalid: 'Frequency must be weekly, monthly or yearly',
  startDateRequired: 'Start date is required',
  startDatePast: 'Start date cannot be in the past',
  nextDueRequired: 'Next due date is required',
  nextDuePast: 'Next due date cannot be in the past',
  notesMax: 'Notes cannot exceed 500 characters',
  fromRequired: 'From account is required',
  toRequired: 'To account is required',
  sameAccount: 'Cannot transfer to the same account',
} as const

/** Limits of spec doc 2 §9. */
export const DESCRIPTION_MAX = 100
export const NOTES_MAX = 500

/** Positive amounts below a penny written with more decimals ('0.001', '.0099'). */
const BELOW_A_PENNY = /^\+?0*\.00\d*[1-9]\d*$/

/**
 * The message for an amount's text, or null for £0.01 to £999,999.99. As on the server, an empty
 * or unreadable amount is not a number, and zero, negative or below a penny is under the minimum.
 */
export function recurringAmountProblem(text: string): string | null {
  const s = text.trim()
  if (s === '') return recurringMessages.amountNumber
  const parsed = parseAmountText(s)
  if (!parsed.ok) {
    if (parsed.problem === 'not-a-number') return recurringMessages.amountNumber
    if (s.startsWith('-')) return recurringMessages.amountMin
    if (parsed.problem === 'too-large') return recurringMessages.amountMax
    if (BELOW_A_PENNY.test(s)) return recurringMessages.amountMin
    return recurringMessages.amountDecimals
  }
  if (parsed.pence < 1) return recurringMessages.amountMin
  if (parsed.pence > MAX_AMOUNT_PENCE) return recurringMessages.amountMax
  return null
}

/** Decimal text in, positive integer pence out. */
export const recurringAmountField = z
  .string()
  .superRefine((text, ctx) => {
    const problem = recurringAmountProblem(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((text) => {
    const parsed = parseAmountText(text)
    return parsed.ok ? parsed.pence : 0
  })

/** Trimmed, `min` (2, or 1 for a transfer) to 100 characters. */
export function descriptionField(min: 1 | 2) {
  return z
    .string()
    .trim()
    .min(1, recurringMessages.descriptionRequired)
    .min(min, recurringMessages.descriptionMin)
    .max(DESCRIPTION_MAX, recurringMessages.descriptionMax)
}

export const frequencyField = z.enum(FREQUENCIES as ['weekly', 'monthly', 'yearly'], recurringMessages.frequencyInvalid)

export const notesField = z.string().trim().max(NOTES_MAX, recurringMessages.notesMax)

/** A 'YYYY-MM-DD' day that is today (London, from `today`) or later. */
export function futureDayField(today: () => string, required: string, past: string) {
  return z
    .string()
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, required)
    .refine((day) => day >= today(), past)
}

/** A field the mode does not check (the locked start date when editing, next due when creating). */
export const unchecked = z.string()

/** Lets an object-level rule run even when a field already failed, so every message shows at once. */
export function whenObject(payload: { value: unknown }): boolean {
  return typeof payload.value === 'object' && payload.value !== null
}

/** Creating sends the start date; editing sends the next due date, the start date being locked. */
export type FormMode = 'create' | 'edit'

/**
 * The two dates of a recurring form: creating checks the start date (today or later); editing
 * locks it and checks the next due date instead.
 */
export function dueDateFields(mode: FormMode, today: () => string) {
  return {
    startDate:
      mode === 'create'
        ? futureDayField(today, recurringMessages.startDateRequired, recurringMessages.startDatePast)
        : unchecked,
    nextDue:
      mode === 'edit'
        ? futureDayField(today, recurringMessages.nextDueRequired, recurringMessages.nextDuePast)
        : unchecked,
  }
}

/** The fields both recurring forms start a new template with: monthly, starting today. */
export function emptyTemplateFields(today: string) {
  return { amount: '', description: '', frequency: 'monthly' as const, startDate: today, nextDue: '', notes: '' }
}

/** The fields both recurring forms fill from a stored template, for editing. */
export function templateFields(t: RecurringTemplate) {
  return {
    amount: penceToDecimalText(Math.abs(toPence(t.amount))),
    description: t.description,
    frequency: isFrequency(t.frequency) ? t.frequency : ('monthly' as const),
    startDate: t.startDate,
    nextDue: t.nextDue,
    notes: t.notes ?? '',
  }
}
