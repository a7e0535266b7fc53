import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { RegisterRequest, RegisterResponse } from '@/lib/api/types'

export const REGISTER_FALLBACK_ERROR = 'Registration failed'

/** POST /auth/register: creates an unverified account and e-mails a link. */
export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return client.POST('/api/auth/register', { body })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
