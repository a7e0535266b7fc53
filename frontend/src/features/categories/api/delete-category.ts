import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { categoryKeys } from '@/lib/ledger/keys'

export const DELETE_CATEGORY_FALLBACK_ERROR = 'Failed to delete category'

/** DELETE /categories/{id}: refused (409) while transactions use it. */
export function deleteCategory(id: string) {
  return client.DELETE('/api/categories/{id}', { params: { path: { id } } })
}

export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  })
}
