import { z } from 'zod'
import type { Transaction, TransactionRequest } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { penceToDecimalText, sumPence, toPence } from '@/lib/money'
import { MAX_TAGS } from '@/lib/tags/palette'
import {
  MAX_SPLIT_PARTS,
  MIN_SPLIT_PARTS,
  SPLIT_NOTE_MAX,
  splitMessages,
  splitSumMessage,
} from '../lib/splits'
import {
  amountField,
  amountFieldSaying,
  dateField,
  descriptionField,
  messages,
  notesField,
  whenObject,
} from './fields'

/** A part's amount: an amount's rules, in the server's words for a part where they differ. */
const splitAmountField = amountFieldSaying({
  [messages.amountRequired]: splitMessages.amountRequired,
  [messages.amountNumber]: splitMessages.amountNumber,
  [messages.amountPositive]: splitMessages.amountPositive,
})

/** One part of a split: a category, a positive amount (pence once parsed) and an optional note. */
const splitPartField = z.object({
  categoryId: z.string().min(1, messages.categoryRequired),
  amount: splitAmountField,
  note: z.string().trim().max(SPLIT_NOTE_MAX, splitMessages.noteMax),
})

/** The transaction form. `today` gives London's date; tests pass a fixed one. */
export function makeTransactionSchema(today: () => string = londonToday) {
  return z.object({
    type: z.enum(['income', 'expense'], messages.typeInvalid),
    amount: amountField,
    description: descriptionField,
    /** Needed unless the transaction is split; a split's parts carry the categories. */
    categoryId: z.string(),
    /** The parts of a split transaction (none when it is not split; 2–20 when it is). */
    splits: z.array(splitPartField),
    accountId: z.string().min(1, messages.accountRequired),
    date: dateField(today),
    notes: notesField,
    /** Chosen tags; one without an `_id` is made (POST /tags) when the form is saved. */
    tags: z
      .array(z.object({ _id: z.string().optional(), name: z.string(), color: z.string() }))
      .max(MAX_TAGS, messages.tooManyTags),
  }).superRefine(
    (v, ctx) => {
      // Runs even when a field failed (`whenObject`): `splits` may then not be a list at all.
      if (!Array.isArray(v.splits) || v.splits.length === 0) {
        if (!v.categoryId) ctx.addIssue({ code: 'custom', message: messages.categoryRequired, path: ['categoryId'] })
        return
      }
      if (v.splits.length < MIN_SPLIT_PARTS || v.splits.length > MAX_SPLIT_PARTS) {
        ctx.addIssue({ code: 'custom', message: splitMessages.partCount, path: ['splits'] })
        return
      }
      // The sum is checked once the amount and every part's amount are amounts (pence).
      const parts = v.splits.map((part) => part.amount as unknown)
      if (typeof v.amount !== 'number' || !parts.every((p): p is number => typeof p === 'number')) return
      const sum = sumPence(parts)
      if (sum !== v.amount) ctx.addIssue({ code: 'custom', message: splitSumMessage(v.amount, sum), path: ['splits'] })
    },
    { when: whenObject },
  )
}

/** A tag chosen in the form: one of the household's, or a new name to make on save. */
export type ChosenTag = { _id?: string; name: string; color: string }

export type TransactionSchema = ReturnType<typeof makeTransactionSchema>
export type TransactionFormInput = z.input<TransactionSchema>
export type TransactionFormValues = z.output<TransactionSchema>

/** An empty form: an expense dated today. */
export function emptyTransactionForm(today: string): TransactionFormInput {
  return {
    type: 'expense',
    amount: '',
    description: '',
    categoryId: '',
    splits: [],
    accountId: '',
    date: today,
    notes: '',
    tags: [],
  }
}

/** The form filled from a stored transaction, for editing. */
export function transactionToForm(t: Transaction): TransactionFormInput {
  return {
    type: t.type === 'income' ? 'income' : 'expense',
    amount: penceToDecimalText(Math.abs(toPence(t.amount))),
    description: t.description,
    categoryId: t.categoryId?._id ?? '',
    splits: t.splits.map((part) => ({
      categoryId: part.category._id,
      amount: penceToDecimalText(toPence(part.amount)),
      note: part.note ?? '',
    })),
    accountId: t.accountId._id,
    date: t.date,
    notes: t.notes ?? '',
    tags: (t.tags ?? []).map(({ _id, name, color }) => ({ _id, name, color })),
  }
}

/**
 * The request body: an expense goes with a negative amount, an income with a positive one; the
 * tags' ids once every chosen tag has one (see `tagIds`). A split sends its parts (positive
 * amounts) and no category; `wasSplit` (an edit of a split transaction) sends `splits: []` with
 * the category when the split was removed.
 */
export function toTransactionRequest(
  values: TransactionFormValues,
  tagIds?: string[],
  wasSplit = false,
): TransactionRequest {
  const signed = values.type === 'expense' ? -values.amount : values.amount
  const split = values.splits.length > 0
  return {
    amount: penceToDecimalText(signed),
    description: values.description,
    type: values.type,
    ...(split ? {} : { categoryId: values.categoryId }),
    accountId: values.accountId,
    date: values.date,
    notes: values.notes,
    ...(tagIds ? { tagIds } : {}),
    ...(split
      ? {
          splits: values.splits.map((part) => ({
            categoryId: part.categoryId,
            amount: penceToDecimalText(part.amount),
            ...(part.note ? { note: part.note } : {}),
          })),
        }
      : wasSplit
        ? { splits: [] }
        : {}),
  }
}
