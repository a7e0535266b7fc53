import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { ManagedUser, ToggleStatusResponse } from './types'

export const TOGGLE_STATUS_FALLBACK_ERROR = 'Failed to toggle user status'

/** PUT /users/{id}/toggle-status: disables an active user or enables a disabled one. */
export function toggleUserStatus(id: string): Promise<ToggleStatusResponse> {
  return client.PUT('/api/users/{id}/toggle-status', { params: { path: { id } } })
}

/** Puts the new state in the cached list at once, then reloads it (and the activity). */
export function useToggleUserStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: toggleUserStatus,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<ManagedUser[]>(userKeys.list(), (users) =>
        users?.map((u) => (u._id === data._id ? { ...u, isActive: data.isActive } : u)),
      )
      return queryClient.invalidateQueries({ queryKey: userKeys.all })
    },
  })
}
