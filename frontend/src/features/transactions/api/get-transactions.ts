import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import type {
  Account,
  CreditAccountListResponse,
  CreditSummary,
  Pagination,
  Transaction,
  TransactionListResponse,
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

/** The query string: page, the page size of 20, transfers included, and each set filter. */
export function transactionsQuery(filters: TransactionFilters, creditAccount: boolean): string {
  const params = new URLSearchParams({
    page: String(filters.page),
    limit: String(PAGE_SIZE),
    includeTransfers: 'true',
  })
  if (filters.search.trim()) params.set('search', filters.search.trim())
  if (filters.startDate) params.set('startDate', filters.startDate)
  if (filters.endDate) params.set('endDate', filters.endDate)
  if (filters.type) params.set('type', filters.type)
  if (filters.category) params.set('category', filters.category)
  if (filters.account && !creditAccount) params.set('account', filters.account)
  return params.toString()
}

/**
 * GET /transactions, or GET /transactions/credit-account/{id} when the account
 * filter is a credit or credit-card account (spec §4). The summary covers the
 * whole filtered set, not just the page.
 */
export async function getTransactions(
  filters: TransactionFilters,
  creditAccount: boolean,
): Promise<TransactionList> {
  const query = transactionsQuery(filters, creditAccount)
  if (creditAccount && filters.account) {
    const res = await api.get<CreditAccountListResponse>(
      `/transactions/credit-account/${encodeURIComponent(filters.account)}?${query}`,
    )
    return {
      transactions: res.transactions,
      pagination: res.pagination,
      summary: res.summary,
      creditAccount: res.creditAccount,
    }
  }
  const res = await api.get<TransactionListResponse>(`/transactions?${query}`)
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
