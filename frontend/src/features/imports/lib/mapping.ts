import { z } from 'zod'
import type { components } from '@/lib/api/schema'
import type { Mapping, PreviewBody } from '../api/types'

type DateLayout = components['schemas']['DateLayout']

/** The date formats the server reads; '' lets it detect the format. */
export const DATE_FORMATS = ['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd', 'dd-MMM-yyyy'] as const satisfies readonly DateLayout[]

/** Messages of the mapping form (the server says the same in its 400s). */
export const mappingMessages = {
  dateRequired: 'Choose the date column',
  descriptionRequired: 'Choose the description column',
  amountRequired: 'Choose an amount column, or paid in and paid out columns',
  paidInRequired: 'Choose the paid in column',
  paidOutRequired: 'Choose the paid out column',
} as const

export const mappingSchema = z
  .object({
    date: z.string().min(1, mappingMessages.dateRequired),
    description: z.string().min(1, mappingMessages.descriptionRequired),
    /** One signed column, or money in and money out in two. */
    amountMode: z.enum(['single', 'split']),
    amount: z.string(),
    paidIn: z.string(),
    paidOut: z.string(),
    category: z.string(),
    notes: z.string(),
    negate: z.boolean(),
    dateFormat: z.enum(['', ...DATE_FORMATS]),
  })
  .superRefine((v, ctx) => {
    if (v.amountMode === 'single' && !v.amount) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: mappingMessages.amountRequired })
    }
    if (v.amountMode === 'split' && !v.paidIn) {
      ctx.addIssue({ code: 'custom', path: ['paidIn'], message: mappingMessages.paidInRequired })
    }
    if (v.amountMode === 'split' && !v.paidOut) {
      ctx.addIssue({ code: 'custom', path: ['paidOut'], message: mappingMessages.paidOutRequired })
    }
  })

export type MappingForm = z.infer<typeof mappingSchema>

/** A column name the file has, else '' (a stale or missing guess leaves the field to choose). */
function column(columns: readonly string[], name: string | null | undefined): string {
  return name && columns.includes(name) ? name : ''
}

/** The form from the server's mapping (its guess, or the preset's), or empty. */
export function mappingToForm(mapping: Mapping | null | undefined, columns: readonly string[]): MappingForm {
  const paidIn = column(columns, mapping?.paidIn)
  const paidOut = column(columns, mapping?.paidOut)
  const amount = column(columns, mapping?.amount)
  return {
    date: column(columns, mapping?.date),
    description: column(columns, mapping?.description),
    amountMode: !amount && (paidIn || paidOut) ? 'split' : 'single',
    amount,
    paidIn,
    paidOut,
    category: column(columns, mapping?.category),
    notes: column(columns, mapping?.notes),
    negate: mapping?.negate ?? false,
    dateFormat: mapping?.dateFormat ?? '',
  }
}

/**
 * The mapping to send: the form's columns; the balance and bank-id columns of the previous
 * mapping, which the form does not show, are kept.
 */
export function formToMapping(form: MappingForm, previous: Mapping | null | undefined): Mapping {
  const single = form.amountMode === 'single'
  return {
    date: form.date,
    description: form.description,
    amount: single ? form.amount : null,
    paidIn: single ? null : form.paidIn,
    paidOut: single ? null : form.paidOut,
    category: form.category || null,
    notes: form.notes || null,
    negate: single && form.negate,
    dateFormat: form.dateFormat || null,
    balance: previous?.balance ?? null,
    id: previous?.id ?? null,
  }
}

/** The body of a re-read or a commit: the account, and the confirmed mapping of a CSV. */
export function readBody(accountId: string, mapping: Mapping | null): PreviewBody {
  return {
    accountId: accountId || null,
    ...(mapping ? { mapping, dateFormat: mapping.dateFormat ?? null } : {}),
  }
}
