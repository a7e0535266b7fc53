import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { TwoFactorSetup } from './types'

export const SETUP_FALLBACK_ERROR = 'Failed to start two-factor authentication'

/**
 * POST /auth/2fa/setup: a new secret for the authenticator app, replacing one not yet confirmed
 * (409 when two-factor sign-in is already on). Nothing changes until it is confirmed.
 */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  const res = await client.POST('/api/auth/2fa/setup')
  return res.data
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup })
}
