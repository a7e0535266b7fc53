import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { MessageResponse } from './types'

export const DELETE_USER_FALLBACK_ERROR = 'Failed to delete user'

/** DELETE /users/{id}: the user and everything they own. */
export function deleteUser(id: string): Promise<MessageResponse> {
  return client.DELETE('/api/users/{id}', { params: { path: { id } } })
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
