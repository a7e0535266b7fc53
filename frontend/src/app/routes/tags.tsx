import { TagsPage } from '@/features/tags'

/** /tags: its own lazy chunk (rename, recolour, merge and delete the household's tags). */
export function TagsRoute() {
  return <TagsPage />
}
