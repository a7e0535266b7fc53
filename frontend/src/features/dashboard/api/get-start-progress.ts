import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { dashboardKeys } from './keys'

/** What a new household has done of its first steps, besides adding an account. */
export type StartProgress = { hasTransactions: boolean; hasBudget: boolean; hasBank: boolean }

/** One row of the ledger, the budgets and the bank connections: enough to tick the steps off. */
export async function getStartProgress(): Promise<StartProgress> {
  const [transactions, budgets, banks] = await Promise.all([
    client.GET('/api/transactions', { params: { query: { page: '1', limit: '1' } } }),
    client.GET('/api/budgets'),
    client.GET('/api/plaid/items'),
  ])
  return {
    hasTransactions: transactions.pagination.total > 0,
    hasBudget: budgets.data.budgets.length > 0,
    hasBank: banks.data.length > 0,
  }
}

export function useStartProgress(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.start(), queryFn: getStartProgress, enabled }))
}
