import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import type { TransactionsCountResponse } from '@/lib/api/types'
import { categoryKeys } from '@/lib/ledger/keys'

/** GET /categories/{id}/transactions-count: asked before a delete (spec §4). */
export async function getTransactionsCount(id: string): Promise<number> {
  const res = await api.get<TransactionsCountResponse>(
    `/categories/${encodeURIComponent(id)}/transactions-count`,
  )
  return res.transactionCount
}

export function transactionsCountQueryOptions(id: string) {
  return queryOptions({
    queryKey: categoryKeys.transactionsCount(id),
    queryFn: () => getTransactionsCount(id),
    // Always asked afresh when the delete dialog opens.
    staleTime: 0,
    gcTime: 0,
  })
}

export function useTransactionsCount(id: string | null) {
  return useQuery({ ...transactionsCountQueryOptions(id ?? ''), enabled: id !== null })
}
