import type { QueryClient } from '@tanstack/react-query'
import { accountKeys, categoryKeys, transactionKeys } from '@/lib/ledger/keys'
import { importKeys } from './keys'

/**
 * After an import is committed or undone: the transaction lists (the dashboard's month figures
 * sit under them), account balances, category counts and the past imports.
 */
export function invalidateAfterImport(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: importKeys.all }),
  ])
}
