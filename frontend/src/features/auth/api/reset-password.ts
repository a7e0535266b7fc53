import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import type { ResetPasswordResponse } from '@/lib/api/types'

export const RESET_PASSWORD_FALLBACK_ERROR = 'Failed to reset password. Please try again.'

type ResetPasswordVariables = { token: string; password: string }

/** POST /auth/reset-password/{token}. */
export function resetPassword({ token, password }: ResetPasswordVariables) {
  return api.post<ResetPasswordResponse>(
    `/auth/reset-password/${encodeURIComponent(token)}`,
    { password },
  )
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
