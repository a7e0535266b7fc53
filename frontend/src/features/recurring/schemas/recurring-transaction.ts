import { z } from 'zod'
import { londonToday } from '@/lib/calendar-day'
import { penceToDecimalText } from '@/lib/money'
import type {
  CreateRecurringTransactionRequest,
  RecurringTemplate,
  UpdateRecurringTransactionRequest,
} from '../api/types'
import {
  descriptionField,
  dueDateFields,
  emptyTemplateFields,
  type FormMode,
  frequencyField,
  notesField,
  recurringAmountField,
  recurringMessages,
  templateFields,
} from './fields'

/**
 * The recurring transaction form. Creating checks the start date (today or later); editing
 * locks it and checks the next due date instead. `today` gives London's date; tests fix it.
 */
export function makeRecurringTransactionSchema(mode: FormMode, today: () => string = londonToday) {
  return z.object({
    type: z.enum(['income', 'expense'], recurringMessages.typeInvalid),
    amount: recurringAmountField,
    description: descriptionField(2),
    categoryId: z.string().min(1, recurringMessages.categoryRequired),
    accountId: z.string().min(1, recurringMessages.accountRequired),
    frequency: frequencyField,
    ...dueDateFields(mode, today),
    notes: notesField,
  })
}

export type RecurringTransactionSchema = ReturnType<typeof makeRecurringTransactionSchema>
export type RecurringTransactionFormInput = z.input<RecurringTransactionSchema>
export type RecurringTransactionFormValues = z.output<RecurringTransactionSchema>

/** A new template: a monthly expense starting today. */
export function emptyRecurringTransactionForm(today: string): RecurringTransactionFormInput {
  return { ...emptyTemplateFields(today), type: 'expense', categoryId: '', accountId: '' }
}

/** The form filled from a stored income or expense template, for editing. */
export function recurringTransactionToForm(t: RecurringTemplate): RecurringTransactionFormInput {
  return {
    ...templateFields(t),
    type: t.type === 'income' ? 'income' : 'expense',
    categoryId: t.categoryId?._id ?? '',
    accountId: t.accountId?._id ?? '',
  }
}

function commonFields(values: RecurringTransactionFormValues) {
  return {
    amount: penceToDecimalText(values.amount),
    description: values.description,
    type: values.type,
    categoryId: values.categoryId,
    accountId: values.accountId,
    frequency: values.frequency,
    notes: values.notes,
  }
}

/** POST body: a positive amount as decimal text (the type signs it) and the start date. */
export function toCreateRecurringRequest(values: RecurringTransactionFormValues): CreateRecurringTransactionRequest {
  return { ...commonFields(values), startDate: values.startDate }
}

/** PUT body: the same fields with the next due date. */
export function toUpdateRecurringRequest(values: RecurringTransactionFormValues): UpdateRecurringTransactionRequest {
  return { ...commonFields(values), nextDue: values.nextDue }
}
