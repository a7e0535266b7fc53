import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { ResetPasswordRequest, ResetPasswordResponse } from '@/lib/api/types'

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

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
