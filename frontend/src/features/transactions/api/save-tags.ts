import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api/client'
import { createTag } from '@/lib/tags/create-tag'
import { deleteTag } from '@/lib/tags/delete-tag'
import { getTags } from '@/lib/tags/get-tags'
import { tagKeys } from '@/lib/tags/keys'
import type { ChosenTag } from '../schemas/transaction'

/** The form's tags as ids, and which of them this save made. */
export type SavedTags = { ids: string[]; made: string[] }

/**
 * The ids of the form's tags, making each new name a tag first (POST /tags, one at a time). A
 * name someone made meanwhile (409) is the household's tag of that name.
 */
export function useSaveTags() {
  const queryClient = useQueryClient()
  return async (tags: readonly ChosenTag[]): Promise<SavedTags> => {
    const ids: string[] = []
    const made: string[] = []
    for (const tag of tags) {
      if (tag._id) {
        ids.push(tag._id)
        continue
      }
      try {
        const tagMade = await createTag({ name: tag.name, color: tag.color })
        ids.push(tagMade._id)
        made.push(tagMade._id)
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error
        const existing = (await getTags()).find((t) => t.name.toLowerCase() === tag.name.trim().toLowerCase())
        if (!existing) throw error
        ids.push(existing._id)
      }
    }
    if (made.length > 0) await queryClient.invalidateQueries({ queryKey: tagKeys.all })
    return { ids, made }
  }
}

/**
 * Takes away the tags a save made for a transaction the server then refused, so an abandoned form
 * leaves no tag behind (best effort: a tag that cannot go stays, unused). Saved again, the names
 * are made again.
 */
export function useUndoTags() {
  const queryClient = useQueryClient()
  return async (made: readonly string[]) => {
    if (made.length === 0) return
    await Promise.allSettled(made.map((id) => deleteTag(id)))
    await queryClient.invalidateQueries({ queryKey: tagKeys.all })
  }
}
