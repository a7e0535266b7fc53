import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { householdKeys } from './keys'
import type { PendingInvitation } from './types'

/** GET /household/invitations/pending: the signed-in user's own invitations to other households. */
export async function getPendingInvitations(): Promise<PendingInvitation[]> {
  const res = await client.GET('/api/household/invitations/pending')
  return res.data
}

export function pendingInvitationsQueryOptions() {
  return queryOptions({ queryKey: householdKeys.pending(), queryFn: getPendingInvitations })
}

export function usePendingInvitations() {
  return useQuery(pendingInvitationsQueryOptions())
}
