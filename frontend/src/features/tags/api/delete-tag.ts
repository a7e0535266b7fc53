import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { invalidateAfterTagChange } from './invalidate'

export const DELETE_TAG_FALLBACK_ERROR = 'Failed to delete tag'

/** DELETE /tags/{id}: the tag leaves every transaction; no transaction is deleted. */
export function deleteTag(id: string) {
  return client.DELETE('/api/tags/{id}', { params: { path: { id } } })
}

export function useDeleteTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => invalidateAfterTagChange(queryClient),
  })
}
