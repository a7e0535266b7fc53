import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { ruleKeys } from './keys'
import type { Rule } from './types'

export const REORDER_FALLBACK_ERROR = 'Failed to reorder rules'

/** PUT /rules/order: every rule's id, first applied first. */
export async function reorderRules(ids: string[]): Promise<Rule[]> {
  const res = await client.PUT('/api/rules/order', { body: { ids } })
  return res.data
}

/** Shows the new order at once, and puts the old one back if the server refuses it. */
export function useReorderRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reorderRules,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: ruleKeys.list() })
      const before = queryClient.getQueryData<Rule[]>(ruleKeys.list())
      if (before) {
        const byId = new Map(before.map((r) => [r._id, r]))
        const next = ids.flatMap((id, position) => {
          const rule = byId.get(id)
          return rule ? [{ ...rule, position }] : []
        })
        queryClient.setQueryData(ruleKeys.list(), next)
      }
      return { before }
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(ruleKeys.list(), context.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  })
}
