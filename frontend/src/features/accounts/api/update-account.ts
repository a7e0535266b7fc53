import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { AccountRequest } from '@/lib/api/types'
import { accountKeys, transactionKeys } from '@/lib/ledger/keys'

export const UPDATE_ACCOUNT_FALLBACK_ERROR = 'Failed to update account'

type UpdateAccountVariables = { id: string; body: AccountRequest }

/** PUT /accounts/{id}. */
export async function updateAccount({ id, body }: UpdateAccountVariables) {
  const res = await client.PUT('/api/accounts/{id}', { params: { path: { id } }, body })
  return res.data
}

/** A new name, type or opening balance shows in transaction lists and running balances too. */
export function useUpdateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]),
  })
}
