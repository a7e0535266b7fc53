import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { invalidateAfterTagChange } from './invalidate'

export const MERGE_TAGS_FALLBACK_ERROR = 'Failed to merge tags'

/** POST /tags/{id}/merge: every transaction with the tag carries `intoTagId` instead; the tag goes. */
export async function mergeTags({ id, intoTagId }: { id: string; intoTagId: string }) {
  const res = await client.POST('/api/tags/{id}/merge', { params: { path: { id } }, body: { intoTagId } })
  return res.data
}

export function useMergeTags() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: mergeTags,
    onSuccess: () => invalidateAfterTagChange(queryClient),
  })
}
