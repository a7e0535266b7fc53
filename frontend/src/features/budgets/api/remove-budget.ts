import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { budgetKeys } from './keys'
import type { MessageResponse } from './types'

export const REMOVE_BUDGET_FALLBACK_ERROR = 'Failed to remove budget'

/** DELETE /budgets/{id}: removes the limit only; transactions are untouched. */
export async function removeBudget(id: string): Promise<MessageResponse> {
  return client.DELETE('/api/budgets/{id}', { params: { path: { id } } })
}

export function useRemoveBudget() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeBudget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  })
}
