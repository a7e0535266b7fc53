import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { CategoryRequest } from '@/lib/api/types'
import { categoryKeys, transactionKeys } from '@/lib/ledger/keys'

export const UPDATE_CATEGORY_FALLBACK_ERROR = 'Failed to update category'

type UpdateCategoryVariables = { id: string; body: CategoryRequest }

/** PUT /categories/{id}. */
export async function updateCategory({ id, body }: UpdateCategoryVariables) {
  const res = await client.PUT('/api/categories/{id}', { params: { path: { id } }, body })
  return res.data
}

/** Transactions carry the category's name and colour, so their lists are stale too. */
export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]),
  })
}
