import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { categoryKeys } from '@/lib/ledger/keys'

/** GET /categories/{id}/transactions-count: asked before a delete. */
export async function getTransactionsCount(id: string): Promise<number> {
  const res = await client.GET('/api/categories/{id}/transactions-count', {
    params: { path: { id } },
  })
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
