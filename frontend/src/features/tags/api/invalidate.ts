import type { QueryClient } from '@tanstack/react-query'
import { transactionKeys } from '@/lib/ledger/keys'
import { tagKeys } from '@/lib/tags/keys'

/** After a tag changes or goes: the tags and every transaction list (rows carry their tags' names and colours). */
export function invalidateAfterTagChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ])
}
