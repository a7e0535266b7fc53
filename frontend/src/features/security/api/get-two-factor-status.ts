import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { TwoFactorStatus } from './types'

export const TWO_FACTOR_STATUS_FALLBACK_ERROR = 'Failed to load two-factor authentication'

/** GET /auth/2fa: whether two-factor sign-in is on, and how many recovery codes are left. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  const res = await client.GET('/api/auth/2fa')
  return res.data
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: securityKeys.twoFactor(), queryFn: getTwoFactorStatus })
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions())
}
