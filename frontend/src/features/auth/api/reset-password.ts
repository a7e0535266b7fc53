import { useMutation, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { ResetPasswordRequest, ResetPasswordResponse } from '@/lib/api/types'
import { authKeys } from './keys'

export const RESET_PASSWORD_FALLBACK_ERROR = 'Failed to reset password. Please try again.'

type ResetPasswordVariables = { token: string } & ResetPasswordRequest

/** POST /auth/reset-password/{token}. */
export function resetPassword({
  token,
  password,
}: ResetPasswordVariables): Promise<ResetPasswordResponse> {
  return client.POST('/api/auth/reset-password/{token}', {
    params: { path: { token } },
    body: { password },
  })
}

/** GET /auth/reset-password/{token}: whether the link can still be used (it is not used up). */
export async function checkResetLink(token: string): Promise<void> {
  await client.GET('/api/auth/reset-password/{token}', { params: { path: { token } } })
}

/**
 * The link's check, asked once when the screen opens: using the link later must not turn the
 * answer (a refetch after the reset would say 'already used').
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
