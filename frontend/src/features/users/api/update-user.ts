import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { EditUserRequest, UserResponse } from './types'

export const UPDATE_USER_FALLBACK_ERROR = 'Failed to update user'

type UpdateUserVariables = { id: string; body: EditUserRequest }

/** PUT /users/{id}: name, e-mail, role, and the password only when it is given. */
export function updateUser({ id, body }: UpdateUserVariables): Promise<UserResponse> {
  return client.PUT('/api/users/{id}', { params: { path: { id } }, body })
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
