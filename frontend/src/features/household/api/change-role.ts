import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Household, MemberRole } from './household'
import { householdKeys } from './keys'

export const CHANGE_ROLE_FALLBACK_ERROR = "Failed to change the member's role"

export type ChangeRoleRequest = { userId: string; role: MemberRole }

/**
 * PUT /household/members/{userId} {role} (owner): member or viewer; owner hands the household
 * over, and the old owner becomes a member. The answer is the household.
 */
export async function changeRole({ userId, role }: ChangeRoleRequest): Promise<Household> {
  const res = await client.PUT('/api/household/members/{userId}', { params: { path: { userId } }, body: { role } })
  return res.data
}

export function useChangeRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeRole,
    onSuccess: (household) => queryClient.setQueryData(householdKeys.current(), household),
  })
}
