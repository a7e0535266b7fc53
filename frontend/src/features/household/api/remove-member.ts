import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Household } from './household'
import { householdKeys } from './keys'

export const REMOVE_MEMBER_FALLBACK_ERROR = 'Failed to remove the member'

/**
 * DELETE /household/members/{userId} (owner): the member leaves with their private accounts;
 * everything shared stays. The answer is the household without them.
 */
export async function removeMember(userId: string): Promise<Household> {
  const res = await client.DELETE('/api/household/members/{userId}', { params: { path: { userId } } })
  return res.data
}

export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (household) => queryClient.setQueryData(householdKeys.current(), household),
  })
}
