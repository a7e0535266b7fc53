import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { LoginRequest, LoginResponse } from '@/lib/api/types'
import { startSession } from '../lib/session'

export const LOGIN_FALLBACK_ERROR = 'Login failed'

/** POST /auth/login. A 401 here is a form error, not an expired session. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return client.POST('/api/auth/login', { body, redirectOnUnauthorized: false })
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => startSession(queryClient, data.token, data.user),
  })
}
