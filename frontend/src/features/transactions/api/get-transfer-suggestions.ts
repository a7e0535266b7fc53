import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { transactionKeys } from '@/lib/ledger/keys'

/**
 * Under the lists, like the dashboard's keys: every change that refreshes the lists (a transaction,
 * transfer, import, sync, recurring run or rule) may add or remove a pair. Kept here, not in
 * lib/ledger/keys.ts, which the first load carries.
 */
export const transferSuggestionsKey = [...transactionKeys.lists(), 'transfer-suggestions'] as const

export const TRANSFER_SUGGESTIONS_FALLBACK_ERROR = 'Failed to load suggested transfers'

/** Two rows that look like one transfer: `out` (negative amount) and `in` (positive), in other accounts. */
export type TransferSuggestion = components['schemas']['TransferSuggestionDto']

/** GET /transactions/transfer-suggestions: newest first, at most 20; a row may be in several pairs. */
export async function getTransferSuggestions(): Promise<TransferSuggestion[]> {
  const res = await client.GET('/api/transactions/transfer-suggestions')
  return res.data
}

export function transferSuggestionsQueryOptions() {
  return queryOptions({ queryKey: transferSuggestionsKey, queryFn: getTransferSuggestions })
}

export function useTransferSuggestions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...transferSuggestionsQueryOptions(), enabled: options.enabled ?? true })
}
