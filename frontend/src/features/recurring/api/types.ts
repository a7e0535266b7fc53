/**
 * Wire types of the recurring calls: ALL of them live in this one file.
 *
 * HAND-WRITTEN from the agreed contract while the server's endpoints are being built.
 * Replace with schema.d.ts types when the API lands: once `just openapi` has generated the
 * recurring paths, turn each type below into a name for the generated one (as
 * features/budgets/api/types.ts does, e.g. `Schemas['RecurringTemplateDto']`), and delete
 * ./request.ts so the api files call the typed client directly.
 *
 * Amounts are pounds (JSON numbers), signed like the ledger (an expense negative); convert them
 * with `toPence` before any arithmetic. Days are 'YYYY-MM-DD' London days.
 */

export type RecurringType = 'income' | 'expense' | 'transfer'
/** The type of a recurring income or expense (the transaction form's toggle). */
export type RecurringEntryType = 'income' | 'expense'
export type Frequency = 'weekly' | 'monthly' | 'yearly'

export type RecurringCategoryRef = { _id: string; name: string; color: string; icon: string }
export type RecurringAccountRef = { _id: string; name: string; type: string }

/** A recurring template: income or an expense in one account, or a transfer between two. */
export type RecurringTemplate = {
  _id: string
  /** Signed like the ledger: an expense negative. */
  amount: number
  description: string
  type: RecurringType
  /** Null for a transfer. */
  categoryId: RecurringCategoryRef | null
  /** The account of income or an expense; null for a transfer. */
  accountId: RecurringAccountRef | null
  /** A transfer's accounts; null (or absent) otherwise. */
  fromAccountId?: RecurringAccountRef | null
  toAccountId?: RecurringAccountRef | null
  frequency: Frequency
  startDate: string
  nextDue: string
  notes: string
  isActive: boolean
  createdAt: string
}

/** GET /recurring-transactions?active=true|all */
export type RecurringListResponse = {
  success: boolean
  data: { recurringTransactions: RecurringTemplate[] }
}

/** POST and PUT of either form. */
export type RecurringResponse = { success: boolean; data: RecurringTemplate; message?: string }

/**
 * POST /recurring-transactions. The amount goes as positive decimal text ('12.50'), as every
 * form of the app sends amounts; the server parses it exactly and signs it by the type.
 */
export type CreateRecurringTransactionRequest = {
  amount: string
  description: string
  type: RecurringEntryType
  categoryId: string
  accountId: string
  frequency: Frequency
  startDate: string
  notes: string
}

/** PUT /recurring-transactions/{id}: the same fields, with the next due day for the start date. */
export type UpdateRecurringTransactionRequest = Omit<CreateRecurringTransactionRequest, 'startDate'> & {
  nextDue: string
}

/** POST /recurring-transfers: a positive amount. */
export type CreateRecurringTransferRequest = {
  type: 'transfer'
  fromAccountId: string
  toAccountId: string
  amount: string
  description: string
  frequency: Frequency
  startDate: string
  notes: string
}

/** PUT /recurring-transfers/{id} */
export type UpdateRecurringTransferRequest = Omit<CreateRecurringTransferRequest, 'startDate'> & {
  nextDue: string
}

/** DELETE /recurring-transactions/{id}: the user's last template is deactivated, not deleted. */
export type DeleteRecurringResponse = {
  success: boolean
  action: 'deleted' | 'deactivated'
  message: string
}

/** POST /recurring-transactions/{id}/process: the real transaction is made now. */
export type ProcessRecurringResponse = { success: boolean; data: unknown; message?: string }

/** PATCH /recurring-transactions/{id}/toggle-status: the template's new state. */
export type ToggleRecurringStatusResponse = {
  success: boolean
  data: Pick<RecurringTemplate, 'isActive'> & Partial<RecurringTemplate>
  message?: string
}

/** One occurrence of this month in the summary. */
export type MonthSummaryItem = {
  id: string
  description: string
  /** Signed like the ledger. */
  amount: number
  type: RecurringType
  /** Null for a transfer. */
  category: { name: string; icon: string; color: string } | null
  /** 'Paid 3 Nov', 'Due today', 'Due in 5 days'. */
  timeText: string
}

export type MonthSummary = {
  summary: {
    totalAmount: number
    paidAmount: number
    remainingAmount: number
    totalCount: number
    paidCount: number
    upcomingCount: number
  }
  paidItems: MonthSummaryItem[]
  upcomingItems: MonthSummaryItem[]
  month: { start: string; end: string; name: string }
}

/** GET /recurring-transactions/summary/current-month */
export type MonthSummaryResponse = { success: boolean; data: MonthSummary }

/** GET /recurring-transactions/upcoming/{count} */
export type UpcomingRecurringResponse = { success: boolean; data: RecurringTemplate[] }

/** POST /recurring-snapshots/finalize (month 1 to 12). */
export type FinalizeRecurringRequest = { year: number; month: number }
export type FinalizeRecurringResponse = { success: boolean; message?: string; data?: unknown }
