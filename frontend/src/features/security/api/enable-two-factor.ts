import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { EnableTwoFactorRequest, TwoFactorStatus } from './types'

export const ENABLE_FALLBACK_ERROR = 'Failed to turn on two-factor authentication'

/** POST /auth/2fa/enable: confirms the setup with a code from the app; answers the ten recovery codes, once. */
export async function enableTwoFactor(body: EnableTwoFactorRequest): Promise<string[]> {
  const res = await client.POST('/api/auth/2fa/enable', { body })
  return res.data.recoveryCodes
}

/** On at once in the cache, with every code left; then read again. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (codes) => {
      queryClient.setQueryData<TwoFactorStatus>(securityKeys.twoFactor(), {
        enabled: true,
        recoveryCodesLeft: codes.length,
      })
      return queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() })
    },
  })
}
