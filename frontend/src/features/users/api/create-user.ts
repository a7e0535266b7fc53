import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { NewUserRequest, UserResponse } from './types'

export const CREATE_USER_FALLBACK_ERROR = 'Failed to create user'

/** POST /users (201): a verified, active user who can sign in at once. */
export function createUser(body: NewUserRequest): Promise<UserResponse> {
  return client.POST('/api/users', { body })
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  })
}
