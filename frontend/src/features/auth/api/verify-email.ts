import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { VerifyEmailResponse } from '@/lib/api/types'
import { startSession } from '../lib/session'

export const VERIFY_EMAIL_FALLBACK_ERROR = 'Email verification failed'

/** POST /auth/verify-email: on success the user is signed in. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return client.POST('/api/auth/verify-email', { body: { token } })
}

export function useVerifyEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (data) => startSession(queryClient, data.token, data.user),
  })
}
