import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Transaction } from '@/lib/api/types'
import { transactionKeys } from '@/lib/ledger/keys'

export const TRANSACTION_NOT_FOUND = 'Transaction not found'
export const TRANSACTION_LOAD_FALLBACK_ERROR = 'Failed to load transaction details'

/** GET /transactions/{id}: with its account, category and, for a transfer leg, the other leg. */
export async function getTransaction(id: string): Promise<Transaction> {
  const res = await client.GET('/api/transactions/{id}', { params: { path: { id } } })
  return res.data
}

export function transactionQueryOptions(id: string) {
  return queryOptions({ queryKey: transactionKeys.detail(id), queryFn: () => getTransaction(id) })
}

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id))
}
