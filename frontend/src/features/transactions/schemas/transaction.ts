import { z } from 'zod'
import type { Transaction, TransactionRequest } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { penceToDecimalText, toPence } from '@/lib/money'
import { MAX_TAGS } from '@/lib/tags/palette'
import {
  amountField,
  dateField,
  descriptionField,
  messages,
  notesField,
} from './fields'

/** The transaction form. `today` gives London's date; tests pass a fixed one. */
export function makeTransactionSchema(today: () => string = londonToday) {
  return z.object({
    type: z.enum(['income', 'expense'], messages.typeInvalid),
    amount: amountField,
    description: descriptionField,
    categoryId: z.string().min(1, messages.categoryRequired),
    accountId: z.string().min(1, messages.accountRequired),
    date: dateField(today),
    notes: notesField,
    /** Chosen tags; one without an `_id` is made (POST /tags) when the form is saved. */
    tags: z
      .array(z.object({ _id: z.string().optional(), name: z.string(), color: z.string() }))
      .max(MAX_TAGS, messages.tooManyTags),
  })
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
    accountId: t.accountId._id,
    date: t.date,
    notes: t.notes ?? '',
    tags: (t.tags ?? []).map(({ _id, name, color }) => ({ _id, name, color })),
  }
}

/**
 * The request body: an expense goes with a negative amount, an income with a positive one; the
 * tags' ids once every chosen tag has one (see `tagIds`).
 */
export function toTransactionRequest(values: TransactionFormValues, tagIds?: string[]): TransactionRequest {
  const signed = values.type === 'expense' ? -values.amount : values.amount
  return {
    amount: penceToDecimalText(signed),
    description: values.description,
    type: values.type,
    categoryId: values.categoryId,
    accountId: values.accountId,
    date: values.date,
    notes: values.notes,
    ...(tagIds ? { tagIds } : {}),
  }
}
