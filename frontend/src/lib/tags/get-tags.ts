import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Tag } from '@/lib/api/types'
import { tagKeys } from './keys'

export const TAGS_FALLBACK_ERROR = 'Failed to fetch tags'

/** GET /tags: the household's tags by name, each with how many transactions the member sees carry it. */
export async function getTags(): Promise<Tag[]> {
  const res = await client.GET('/api/tags')
  return res.data
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: tagKeys.list(), queryFn: getTags })
}

/** Read by the Tags page, the transaction form's tag field and the list's tag filter. */
export function useTags() {
  return useQuery(tagsQueryOptions())
}
