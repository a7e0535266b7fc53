import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Household } from './household'
import { afterHouseholdMove } from './household-move'

export const LEAVE_FALLBACK_ERROR = 'Failed to leave the household'

/**
 * POST /household/leave (a member or viewer; the owner hands the household over first): the
 * answer is the user's new household of one.
 */
export async function leaveHousehold(): Promise<Household> {
  const res = await client.POST('/api/household/leave')
  return res.data
}

export function useLeaveHousehold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: leaveHousehold,
    onSuccess: (household) => afterHouseholdMove(queryClient, household),
  })
}
