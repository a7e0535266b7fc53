import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { CategoryRequest } from '@/lib/api/types'
import { categoryKeys } from '@/lib/ledger/keys'

export const CREATE_CATEGORY_FALLBACK_ERROR = 'Failed to create category'

/** POST /categories (201). */
export async function createCategory(body: CategoryRequest) {
  const res = await client.POST('/api/categories', { body })
  return res.data
}

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
