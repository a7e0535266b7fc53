import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { ForgotPasswordRequest, ForgotPasswordResponse } from '@/lib/api/types'

export const FORGOT_PASSWORD_FALLBACK_ERROR =
  'Failed to send password reset email. Please try again.'

/** POST /auth/forgot-password: answers alike whether or not the address exists. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return client.POST('/api/auth/forgot-password', { body })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
