import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type {
  Account,
  CreditSummary,
  Pagination,
  Transaction,
  TransactionListQuery,
  TransactionSummary,
} from '@/lib/api/types'
import { transactionKeys } from '@/lib/ledger/keys'
import { PAGE_SIZE, type TransactionFilters } from '../lib/filters'

export const TRANSACTIONS_FALLBACK_ERROR = 'Failed to fetch transactions'
export const CREDIT_TRANSACTIONS_FALLBACK_ERROR = 'Failed to fetch credit account transactions'

export type TransactionList = {
  transactions: Transaction[]
  pagination: Pagination
  summary: TransactionSummary | CreditSummary
  /** Only from the credit-account listing. */
  creditAccount?: Account
}

export function isCreditSummary(
  summary: TransactionSummary | CreditSummary,
): summary is CreditSummary {
  return 'creditLimit' in summary
}

/** The query: page, the page size of 20, transfers included, and each set filter. */
export function transactionsQuery(
  filters: TransactionFilters,
  creditAccount: boolean,
): TransactionListQuery {
  return {
    page: String(filters.page),
    limit: String(PAGE_SIZE),
    includeTransfers: true,
    search: filters.search.trim() || undefined,
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
    type: filters.type || undefined,
    category: filters.category || undefined,
    account: (!creditAccount && filters.account) || undefined,
    createdBy: filters.createdBy || undefined,
    tags: filters.tags || undefined,
    tagMode: (filters.tags && filters.tagMode) || undefined,
  }
}

/**
 * GET /transactions, or GET /transactions/credit-account/{id} when the account
 * filter is a credit or credit-card account. The summary covers the
 * whole filtered set, not just the page.
 */
export async function getTransactions(
  filters: TransactionFilters,
  creditAccount: boolean,
): Promise<TransactionList> {
  const query = transactionsQuery(filters, creditAccount)
  if (creditAccount && filters.account) {
    const res = await client.GET('/api/transactions/credit-account/{id}', {
      params: { path: { id: filters.account }, query },
    })
    return {
      transactions: res.transactions,
      pagination: res.pagination,
      summary: res.summary,
      creditAccount: res.creditAccount,
    }
  }
  const res = await client.GET('/api/transactions', { params: { query } })
  return { transactions: res.transactions, pagination: res.pagination, summary: res.summary }
}

export function transactionsQueryOptions(filters: TransactionFilters, creditAccount: boolean) {
  return queryOptions({
    queryKey: transactionKeys.list({ ...filters, credit: creditAccount ? 1 : 0 }),
    queryFn: () => getTransactions(filters, creditAccount),
    placeholderData: keepPreviousData,
  })
}

export function useTransactions(
  filters: TransactionFilters,
  options: { creditAccount: boolean; enabled: boolean },
) {
  return useQuery({
    ...transactionsQueryOptions(filters, options.creditAccount),
    enabled: options.enabled,
  })
}
