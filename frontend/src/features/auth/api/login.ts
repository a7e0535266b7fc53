import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { LoginRequest, LoginResponse, TwoFactorChallenge } from '@/lib/api/types'
import { startSession } from '../lib/session'

export const LOGIN_FALLBACK_ERROR = 'Login failed'

/** POST /auth/login. A 401 here is a form error, not an expired session. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return client.POST('/api/auth/login', { body, redirectOnUnauthorized: false })
}

/** The password was right and a code is owed (two-factor sign-in is on): no session yet. */
export function isTwoFactorChallenge(answer: LoginResponse): answer is TwoFactorChallenge {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired
}

/** Signs in when the answer is a session; a challenge is the form's to complete (useLoginTwoFactor). */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if (!isTwoFactorChallenge(data)) startSession(queryClient, data.token, data.user)
    },
  })
}
