import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, client } from '@/lib/api/client'
import type { Household } from './household'
import { afterHouseholdMove } from './household-move'

export const ACCEPT_FALLBACK_ERROR = 'Failed to join the household'

/** Which invitation: the e-mailed link's token, or the id of one of the user's pending invitations. */
export type InvitationTarget = { token: string } | { id: string }

export type AcceptRequest = {
  target: InvitationTarget
  /**
   * What happens to the data the user has of their own: left out, a user who has some is refused
   * with `has_own_data`; true moves it into the household; false deletes it.
   */
  bringMyData?: boolean
}

/**
 * POST /household/invitations/accept {token} or POST /household/invitations/{id}/accept: joins
 * the invitation's household; the answer is that household.
 */
export async function acceptInvitation({ target, bringMyData }: AcceptRequest): Promise<Household> {
  const res =
    'token' in target
      ? await client.POST('/api/household/invitations/accept', { body: { token: target.token, bringMyData } })
      : await client.POST('/api/household/invitations/{id}/accept', {
          params: { path: { id: target.id } },
          body: { bringMyData },
        })
  return res.data
}

/** The refusal that asks the user what happens to their own data before they join. */
export function asksAboutOwnData(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'has_own_data'
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (household) => afterHouseholdMove(queryClient, household),
  })
}
