import type { QueryClient } from '@tanstack/react-query'
import { accountKeys, categoryKeys, transactionKeys } from '@/lib/ledger/keys'
import { recurringKeys } from './keys'

/** After a template changes: the lists, the upcoming ones and this month's summary. */
export function invalidateRecurring(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: recurringKeys.all })
}

/**
 * After a template made a real transaction (Process Now): the recurring data, and the ledger's
 * lists, balances and category counts (the dashboard's figures sit under the transaction keys).
 */
export function invalidateAfterProcessing(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateRecurring(queryClient),
    queryClient.invalidateQueries({ queryKey: transactionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  ])
}
