import { z } from 'zod'
import type { Transaction, TransferRequest } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { penceToDecimalText, toPence } from '@/lib/money'
import {
  amountField,
  dateField,
  descriptionField,
  messages,
  notesField,
  whenObject,
} from './fields'

/** The transfer form: the transaction rules plus two different accounts. */
export function makeTransferSchema(today: () => string = londonToday) {
  return z
    .object({
      amount: amountField,
      description: descriptionField,
      fromAccountId: z.string().min(1, messages.fromRequired),
      toAccountId: z.string().min(1, messages.toRequired),
      date: dateField(today),
      notes: notesField,
    })
    .refine((v) => !v.toAccountId || v.fromAccountId !== v.toAccountId, {
      message: messages.sameAccount,
      path: ['toAccountId'],
      when: whenObject,
    })
}

export type TransferSchema = ReturnType<typeof makeTransferSchema>
export type TransferFormInput = z.input<TransferSchema>
export type TransferFormValues = z.output<TransferSchema>

export function emptyTransferForm(today: string, fromAccountId = ''): TransferFormInput {
  return {
    amount: '',
    description: '',
    fromAccountId,
    toAccountId: '',
    date: today,
    notes: '',
  }
}

/**
 * The form of a stored transfer, from either of its legs: the outgoing leg's account is From,
 * the incoming one's To.
 */
export function transferToForm(leg: Transaction): TransferFormInput {
  const pence = toPence(leg.amount)
  const here = leg.accountId._id
  const there = leg.relatedTransferTransaction?.accountId._id ?? ''
  return {
    amount: penceToDecimalText(Math.abs(pence)),
    description: leg.description,
    fromAccountId: pence < 0 ? here : there,
    toAccountId: pence < 0 ? there : here,
    date: leg.date.slice(0, 10),
    notes: leg.notes ?? '',
  }
}

/** The request body: the amount as an absolute value. */
export function toTransferRequest(values: TransferFormValues): TransferRequest {
  return {
    amount: penceToDecimalText(Math.abs(values.amount)),
    description: values.description,
    fromAccountId: values.fromAccountId,
    toAccountId: values.toAccountId,
    date: values.date,
    notes: values.notes,
  }
}
