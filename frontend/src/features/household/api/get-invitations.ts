import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { householdKeys } from './keys'
import type { Invitation } from './types'

export const INVITATIONS_FALLBACK_ERROR = 'Failed to load the invitations'

/** GET /household/invitations (owner): the pending invitations, newest first. */
export async function getInvitations(): Promise<Invitation[]> {
  const res = await client.GET('/api/household/invitations')
  return res.data
}

export function invitationsQueryOptions() {
  return queryOptions({ queryKey: householdKeys.invitations(), queryFn: getInvitations })
}

export function useInvitations() {
  return useQuery(invitationsQueryOptions())
}
