import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { ruleKeys } from './keys'
import type { MessageResponse } from './types'

export const DELETE_RULE_FALLBACK_ERROR = 'Failed to delete rule'
export const DELETE_RULE_SUCCESS = 'Rule deleted successfully'

/** DELETE /rules/{id}: the transactions it categorised keep their categories. */
export function deleteRule(id: string): Promise<MessageResponse> {
  return client.DELETE('/api/rules/{id}', { params: { path: { id } } })
}

export function useDeleteRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  })
}
