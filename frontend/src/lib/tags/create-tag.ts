import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { TagRequest } from '@/lib/api/types'
import { tagKeys } from './keys'

export const CREATE_TAG_FALLBACK_ERROR = 'Failed to create tag'

/** POST /tags (201): 409 'A tag with this name already exists' for a name taken ignoring case. */
export async function createTag(body: TagRequest) {
  const res = await client.POST('/api/tags', { body })
  return res.data
}

export function useCreateTag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  })
}
