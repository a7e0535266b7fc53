import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { accountKeys, categoryKeys, transactionKeys } from '@/lib/ledger/keys'
import type { ApplyResponse } from './types'

export const APPLY_FALLBACK_ERROR = 'Failed to apply the rules'

type Variables = { dryRun: boolean; ruleId?: string }

/** POST /rules/apply: a dry run counts what would change; otherwise it changes. */
export function applyRules({ dryRun, ruleId }: Variables): Promise<ApplyResponse> {
  return client.POST('/api/rules/apply', { body: { dryRun, ruleId: ruleId ?? null }, timeoutMs: 60_000 })
}

/** After a real run, the transaction lists, the dashboard and category counts are stale. */
export function useApplyRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyRules,
    onSuccess: (_res, { dryRun }) => {
      if (dryRun) return
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      ])
    },
  })
}
