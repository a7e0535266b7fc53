import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { householdKeys } from './keys'

export const REVOKE_FALLBACK_ERROR = 'Failed to revoke the invitation'

/** DELETE /household/invitations/{id} (owner): the e-mailed link stops working. */
export async function revokeInvitation(id: string): Promise<{ message: string }> {
  return client.DELETE('/api/household/invitations/{id}', { params: { path: { id } } })
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.invitations() }),
  })
}
