import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { ManagedUser, ResetTwoFactorResponse } from './types'

export const RESET_TWO_FACTOR_FALLBACK_ERROR = 'Failed to reset two-factor authentication'

/**
 * POST /users/{id}/reset-2fa: turns off the two-factor sign-in of a user who lost their phone and
 * their recovery codes (400 when it is not on). Recorded in the audit log; their sessions stay.
 */
export function resetTwoFactor(id: string): Promise<ResetTwoFactorResponse> {
  return client.POST('/api/users/{id}/reset-2fa', { params: { path: { id } } })
}

/** Puts the user the server answers in the cached list, then reloads that user's activity. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<ManagedUser[]>(userKeys.list(), (users) =>
        users?.map((u) => (u._id === data._id ? data : u)),
      )
      return queryClient.invalidateQueries({ queryKey: userKeys.audit(data._id) })
    },
  })
}
