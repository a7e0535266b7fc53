/**
 * Wire types of the recurring calls, named from the generated OpenAPI schema (`just openapi`).
 *
 * Amounts are pounds (JSON numbers), signed like the ledger (an expense negative); convert them
 * with `toPence` before any arithmetic. Days are 'YYYY-MM-DD' London days.
 */
import type { components } from '@/lib/api/schema'
import type { WithAmountText } from '@/lib/api/types'

type Schemas = components['schemas']

/** income, expense or transfer; the schema types it as text, so read it through these names. */
export type RecurringType = Schemas['RecurringKind']
/** The type of a recurring income or expense (the transaction form's toggle). */
export type RecurringEntryType = Schemas['EntryKind']
export type Frequency = Schemas['Every']

export type RecurringCategoryRef = Schemas['RecurringCategoryDto']
export type RecurringAccountRef = Schemas['AccountRefDto']

/** A recurring template: income or an expense in one account, or a transfer between two. */
export type RecurringTemplate = Schemas['RecurringTemplateDto']
/** Whole days from today, its text ('Due in 5 days') and its tone. */
export type DueStatus = Schemas['DueStatusDto']

export type RecurringListResponse = Schemas['Envelope_RecurringListDto']
/** POST and PUT of either form, and the toggle. */
export type RecurringResponse = Schemas['Confirmed_RecurringTemplateDto']

type Body = Schemas['RecurringBody']

/**
 * POST /recurring-transactions. The amount goes as positive decimal text ('12.50'), as every
 * form of the app sends amounts; the server parses it exactly and signs it by the type.
 */
export type CreateRecurringTransactionRequest = WithAmountText<
  Pick<Body, 'amount' | 'description' | 'categoryId' | 'accountId' | 'startDate' | 'notes'>,
  'amount'
> & { type: RecurringEntryType; frequency: Frequency }

/** PUT /recurring-transactions/{id}: the same fields, with the next due day for the start date. */
export type UpdateRecurringTransactionRequest = Omit<CreateRecurringTransactionRequest, 'startDate'> & {
  nextDue: string
}

/** POST /recurring-transfers: a positive amount. */
export type CreateRecurringTransferRequest = WithAmountText<
  Pick<Body, 'fromAccountId' | 'toAccountId' | 'amount' | 'description' | 'startDate' | 'notes'>,
  'amount'
> & { type: 'transfer'; frequency: Frequency }

/** PUT /recurring-transfers/{id} */
export type UpdateRecurringTransferRequest = Omit<CreateRecurringTransferRequest, 'startDate'> & {
  nextDue: string
}

/** DELETE /recurring-transactions/{id}: the user's last template is deactivated, not deleted. */
export type DeleteRecurringResponse = Schemas['DeleteRecurringResponse']
/** What DELETE did: deleted, or deactivated for the user's last template. */
export type DeleteAction = Schemas['RemovedHow']

/** POST /recurring-transactions/{id}/process: the template advanced, the day and the transactions made. */
export type ProcessRecurringResponse = Schemas['Confirmed_ProcessedDto']

/** One occurrence of this month in the summary. */
export type MonthSummaryItem = Schemas['SummaryItemDto']
export type MonthSummary = Schemas['MonthSummaryDto']
export type MonthSummaryResponse = Schemas['Envelope_MonthSummaryDto']

/** GET /recurring-transactions/upcoming/{count} */
export type UpcomingRecurringResponse = Schemas['Envelope_Vec_RecurringTemplateDto']

/** POST /recurring-snapshots/finalize (month 1 to 12); the schema leaves the fields untyped. */
export type FinalizeRecurringRequest = { year: number; month: number }
export type FinalizeRecurringResponse = Schemas['Confirmed_FlowMonthDto']
