import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { transactionKeys } from '@/lib/ledger/keys'
import { invalidateAfterChange } from './invalidate'

export const PAIR_FALLBACK_ERROR = 'Failed to mark as a transfer'
export const PAIR_SUCCESS = 'Marked as a transfer'

type PairVariables = { id: string; withId: string }

/** POST /transactions/{id}/pair {withId}: the two rows become one transfer; a 400 says why they cannot. */
export async function pairTransactions({ id, withId }: PairVariables) {
  return client.POST('/api/transactions/{id}/pair', { params: { path: { id } }, body: { withId } })
}

/** After a pair or an unpair: the lists, balances and suggestions, and both rows' pages. */
export function invalidateAfterPairing(queryClient: QueryClient, ids: readonly string[]): Promise<unknown> {
  return Promise.all([
    invalidateAfterChange(queryClient),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: transactionKeys.detail(id) })),
  ])
}

export function usePairTransactions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: pairTransactions,
    onSuccess: (_data, { id, withId }) => invalidateAfterPairing(queryClient, [id, withId]),
  })
}
