import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { AccountRequest } from '@/lib/api/types'
import { accountKeys } from '@/lib/ledger/keys'

export const CREATE_ACCOUNT_FALLBACK_ERROR = 'Failed to create account'

/** POST /accounts (201). */
export async function createAccount(body: AccountRequest) {
  const res = await client.POST('/api/accounts', { body })
  return res.data
}

export function useCreateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}
