import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { LoginTwoFactorRequest, LoginTwoFactorResponse } from '@/lib/api/types'
import { startSession } from '../lib/session'

export const LOGIN_TWO_FACTOR_FALLBACK_ERROR = 'Verification failed'

/**
 * POST /auth/login/2fa: the challenge of a sign-in with a code from the app or a recovery code.
 * A 400 is a wrong code; a 401 means the challenge is gone (expired, or too many wrong codes) and
 * the password step starts again, so it is not treated as an expired session either.
 */
export function loginTwoFactor(body: LoginTwoFactorRequest): Promise<LoginTwoFactorResponse> {
  return client.POST('/api/auth/login/2fa', { body, redirectOnUnauthorized: false })
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: (data) => startSession(queryClient, data.token, data.user),
  })
}
