import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { ManagedUser } from './types'

export const USERS_FALLBACK_ERROR = 'Failed to fetch users'

/** GET /users: every user, oldest first (superadmin only). */
export async function getUsers(): Promise<ManagedUser[]> {
  const res = await client.GET('/api/users')
  return res.data
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: getUsers,
    // Other superadmins and the users themselves change these records: refetch on opening.
    staleTime: 0,
  })
}

export function useUsers() {
  return useQuery(usersQueryOptions())
}
