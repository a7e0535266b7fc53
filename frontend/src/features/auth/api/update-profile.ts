import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { UpdateProfileRequest, UpdateProfileResponse, User } from '@/lib/api/types'
import { setToken } from '@/lib/auth-storage'
import { authKeys } from './keys'

export const PROFILE_FALLBACK_ERROR = 'Profile update failed'

/** PUT /auth/profile. */
export function updateProfile(body: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return client.PUT('/api/auth/profile', { body })
}

/** Updates the cached user; a changed password comes with a new token to keep. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      if (data.token) setToken(data.token)
      queryClient.setQueryData<User | null>(authKeys.me(), data.user)
    },
  })
}
