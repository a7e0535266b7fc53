import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { TagRequest } from '@/lib/api/types'
import { invalidateAfterTagChange } from './invalidate'

export const UPDATE_TAG_FALLBACK_ERROR = 'Failed to update tag'

/** PUT /tags/{id}: a new name or colour (409 for a name taken ignoring case). */
export async function updateTag({ id, body }: { id: string; body: TagRequest }) {
  const res = await client.PUT('/api/tags/{id}', { params: { path: { id } }, body })
  return res.data
}

/** Transactions carry the tag's name and colour, so their lists are stale too. */
export function useUpdateTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTag,
    onSuccess: () => invalidateAfterTagChange(queryClient),
  })
}
