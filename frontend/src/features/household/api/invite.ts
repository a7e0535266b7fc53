import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { householdKeys } from './keys'
import type { Invitation, InvitedRole } from './types'

export const INVITE_FALLBACK_ERROR = 'Failed to send the invitation'

export type InviteRequest = { email: string; role: InvitedRole }

/**
 * POST /household/invitations (owner): e-mails the address a link to join; a new invitation to
 * the same address replaces the pending one.
 */
export async function invite(body: InviteRequest): Promise<Invitation> {
  const res = await client.POST('/api/household/invitations', { body })
  return res.data
}

export function useInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: invite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.invitations() }),
  })
}
