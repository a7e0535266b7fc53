import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { receiptKeys } from './receipt-keys'

export type Receipt = components['schemas']['ReceiptDto']

export const RECEIPTS_LOAD_FALLBACK_ERROR = 'Failed to load receipts'
/**
 * The answer's addresses work for 15 minutes: the list is fetched again well before then, so a
 * thumbnail or an opened receipt never meets an expired address.
 */
const FRESH_FOR_MS = 10 * 60_000

/** GET /transactions/{id}/receipts: newest first, each with fresh signed addresses. */
export async function getReceipts(transactionId: string): Promise<Receipt[]> {
  const res = await client.GET('/api/transactions/{id}/receipts', { params: { path: { id: transactionId } } })
  return res.data
}

export function receiptsQueryOptions(transactionId: string) {
  return queryOptions({
    queryKey: receiptKeys.list(transactionId),
    queryFn: () => getReceipts(transactionId),
    staleTime: FRESH_FOR_MS,
    refetchInterval: FRESH_FOR_MS,
  })
}

export function useReceipts(transactionId: string) {
  return useQuery(receiptsQueryOptions(transactionId))
}
