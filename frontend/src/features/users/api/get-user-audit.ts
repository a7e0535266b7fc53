import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { AuditEntry } from './types'

export const AUDIT_FALLBACK_ERROR = 'Failed to fetch user activity'

/** GET /users/{id}/audit: what superadmins did to this user, newest first. */
export async function getUserAudit(id: string): Promise<AuditEntry[]> {
  const res = await client.GET('/api/users/{id}/audit', { params: { path: { id } } })
  return res.data
}

export function userAuditQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.audit(id),
    queryFn: () => getUserAudit(id),
    staleTime: 0,
  })
}

export function useUserAudit(id: string | null) {
  return useQuery({ ...userAuditQueryOptions(id ?? ''), enabled: id !== null })
}
