import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deleteTag } from '@/lib/tags/delete-tag'
import { invalidateAfterTagChange } from './invalidate'

export const DELETE_TAG_FALLBACK_ERROR = 'Failed to delete tag'

export function useDeleteTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => invalidateAfterTagChange(queryClient),
  })
}
