import type { QueryClient } from '@tanstack/react-query'
import { accountKeys, categoryKeys, transactionKeys } from '@/lib/ledger/keys'
import { tagKeys } from '@/lib/tags/keys'

/**
 * After a transaction or transfer changes: the lists and their summaries,
 * account balances, category and tag counts are stale (the transfer suggestions sit under the lists). Detail queries are left
 * alone, so a page showing a just-deleted transaction does not refetch a 404.
 */
export function invalidateAfterChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    // Each tag counts the transactions carrying it.
    queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  ])
}
