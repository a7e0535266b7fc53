import { isFrequency } from '../lib/frequency'
import { z } from 'zod'
import { londonToday } from '@/lib/calendar-day'
import { penceToDecimalText, toPence } from '@/lib/money'
import type {
  CreateRecurringTransferRequest,
  RecurringTemplate,
  UpdateRecurringTransferRequest,
} from '../api/types'
import {
  descriptionField,
  type FormMode,
  frequencyField,
  futureDayField,
  notesField,
  recurringAmountField,
  recurringMessages,
  unchecked,
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
      startDate:
        mode === 'create'
          ? futureDayField(today, recurringMessages.startDateRequired, recurringMessages.startDatePast)
          : unchecked,
      nextDue:
        mode === 'edit'
          ? futureDayField(today, recurringMessages.nextDueRequired, recurringMessages.nextDuePast)
          : unchecked,
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
  return {
    amount: '',
    description: '',
    fromAccountId: '',
    toAccountId: '',
    frequency: 'monthly',
    startDate: today,
    nextDue: '',
    notes: '',
  }
}

export function recurringTransferToForm(t: RecurringTemplate): RecurringTransferFormInput {
  return {
    amount: penceToDecimalText(Math.abs(toPence(t.amount))),
    description: t.description,
    fromAccountId: t.fromAccountId?._id ?? '',
    toAccountId: t.toAccountId?._id ?? '',
    frequency: isFrequency(t.frequency) ? t.frequency : 'monthly',
    startDate: t.startDate,
    nextDue: t.nextDue,
    notes: t.notes ?? '',
  }
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
