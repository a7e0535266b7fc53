import type { QueryClient } from '@tanstack/react-query'
import { accountKeys, categoryKeys, transactionKeys } from '@/lib/ledger/keys'
import { bankKeys } from './keys'

/** After a disconnect or a simulated expiry: the connections only. */
export function invalidateBankItems(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: bankKeys.items() })
}

/**
 * After an import (connect, reconnect, sync): the connections, account balances, the
 * transaction lists (the dashboard's figures sit under them) and category counts.
 */
export function invalidateAfterImport(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bankKeys.items() }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  ])
}
