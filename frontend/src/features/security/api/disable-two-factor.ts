import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { DisableTwoFactorRequest, DisableTwoFactorResponse, TwoFactorStatus } from './types'

export const DISABLE_FALLBACK_ERROR = 'Failed to turn off two-factor authentication'

/**
 * POST /auth/2fa/disable: needs the password and a code from the app or a recovery code. A wrong
 * password is a 400 ('Current password is incorrect'), not an expired session.
 */
export function disableTwoFactor(body: DisableTwoFactorRequest): Promise<DisableTwoFactorResponse> {
  return client.POST('/api/auth/2fa/disable', { body })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      queryClient.setQueryData<TwoFactorStatus>(securityKeys.twoFactor(), { enabled: false, recoveryCodesLeft: 0 })
      return queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() })
    },
  })
}
