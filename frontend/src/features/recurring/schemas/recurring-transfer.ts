import { z } from 'zod'
import { londonToday } from '@/lib/calendar-day'
import { penceToDecimalText } from '@/lib/money'
import type {
  CreateRecurringTransferRequest,
  RecurringTemplate,
  UpdateRecurringTransferRequest,
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
  whenObject,
} from './fields'

/**
 * The recurring transfer form: two different accounts, a description of 1 to 100 characters.
 * As for the transaction form, editing locks the start date and checks the next due date,
 * which is what PUT /recurring-transfers/{id} takes (see docs/decisions.md).
 */
export function makeRecurringTransferSchema(mode: FormMode, today: () => string = londonToday) {
  return z
    .object({
      amount: recurringAmountField,
      description: descriptionField(1),
      fromAccountId: z.string().min(1, recurringMessages.fromRequired),
      toAccountId: z.string().min(1, recurringMessages.toRequired),
      frequency: frequencyField,
      ...dueDateFields(mode, today),
      notes: notesField,
    })
    .refine((v) => !v.toAccountId || v.fromAccountId !== v.toAccountId, {
      message: recurringMessages.sameAccount,
      path: ['toAccountId'],
      when: whenObject,
    })
}

export type RecurringTransferSchema = ReturnType<typeof makeRecurringTransferSchema>
export type RecurringTransferFormInput = z.input<RecurringTransferSchema>
export type RecurringTransferFormValues = z.output<RecurringTransferSchema>

/** A new transfer: monthly, starting today. */
export function emptyRecurringTransferForm(today: string): RecurringTransferFormInput {
  return { ...emptyTemplateFields(today), fromAccountId: '', toAccountId: '' }
}

export function recurringTransferToForm(t: RecurringTemplate): RecurringTransferFormInput {
  return { ...templateFields(t), fromAccountId: t.fromAccountId?._id ?? '', toAccountId: t.toAccountId?._id ?? '' }
}

function commonFields(values: RecurringTransferFormValues) {
  return {
    type: 'transfer' as const,
    fromAccountId: values.fromAccountId,
    toAccountId: values.toAccountId,
    amount: penceToDecimalText(Math.abs(values.amount)),
    description: values.description,
    frequency: values.frequency,
    notes: values.notes,
  }
}

/** POST body: type 'transfer', a positive amount and the start date. */
export function toCreateRecurringTransferRequest(values: RecurringTransferFormValues): CreateRecurringTransferRequest {
  return { ...commonFields(values), startDate: values.startDate }
}

/** PUT body: the same fields with the next due date. */
export function toUpdateRecurringTransferRequest(values: RecurringTransferFormValues): UpdateRecurringTransferRequest {
  return { ...commonFields(values), nextDue: values.nextDue }
}
