import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { accountKeys } from '@/lib/ledger/keys'

export const DELETE_ACCOUNT_FALLBACK_ERROR = 'Failed to delete account'

/** DELETE /accounts/{id}: refused (409) while the account has transactions. */
export function deleteAccount(id: string) {
  return client.DELETE('/api/accounts/{id}', { params: { path: { id } } })
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}
