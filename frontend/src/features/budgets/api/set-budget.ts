import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { budgetKeys } from './keys'
import type { Budget, SetBudgetRequest } from './types'

export const SET_BUDGET_FALLBACK_ERROR = 'Failed to save budget'

/** POST /budgets {categoryId, limit}: sets or updates a category's limit. */
export async function setBudget(body: SetBudgetRequest): Promise<Budget> {
  const res = await client.POST('/api/budgets', { body })
  return res.data
}

export function useSetBudget() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setBudget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  })
}
