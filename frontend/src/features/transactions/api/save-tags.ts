import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api/client'
import { createTag } from '@/lib/tags/create-tag'
import { getTags } from '@/lib/tags/get-tags'
import { tagKeys } from '@/lib/tags/keys'
import type { ChosenTag } from '../schemas/transaction'

/**
 * The ids of the form's tags, making each new name a tag first (POST /tags, one at a time). A
 * name someone made meanwhile (409) is the household's tag of that name.
 */
export function useSaveTags() {
  const queryClient = useQueryClient()
  return async (tags: readonly ChosenTag[]): Promise<string[]> => {
    const ids: string[] = []
    let made = false
    for (const tag of tags) {
      if (tag._id) {
        ids.push(tag._id)
        continue
      }
      try {
        ids.push((await createTag({ name: tag.name, color: tag.color }))._id)
        made = true
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error
        const existing = (await getTags()).find((t) => t.name.toLowerCase() === tag.name.trim().toLowerCase())
        if (!existing) throw error
        ids.push(existing._id)
      }
    }
    if (made) await queryClient.invalidateQueries({ queryKey: tagKeys.all })
    return ids
  }
}
