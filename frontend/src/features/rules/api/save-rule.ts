import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { ruleKeys } from './keys'
import type { RuleBody, RuleResponse } from './types'

export const CREATE_RULE_FALLBACK_ERROR = 'Failed to create rule'
export const CREATE_RULE_SUCCESS = 'Rule created successfully'
export const UPDATE_RULE_FALLBACK_ERROR = 'Failed to update rule'
export const UPDATE_RULE_SUCCESS = 'Rule updated successfully'

type Variables = { id: string | null; body: RuleBody }

/** POST /rules (a new rule goes last in the order) or PUT /rules/{id} (its place stays). */
export function saveRule({ id, body }: Variables): Promise<RuleResponse> {
  return id
    ? client.PUT('/api/rules/{id}', { params: { path: { id } }, body })
    : client.POST('/api/rules', { body })
}

export function useSaveRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }),
  })
}
