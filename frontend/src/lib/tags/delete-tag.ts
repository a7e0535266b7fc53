import { client } from '@/lib/api/client'

/** DELETE /tags/{id}: the tag leaves every transaction; no transaction is deleted. */
export function deleteTag(id: string) {
  return client.DELETE('/api/tags/{id}', { params: { path: { id } } })
}
