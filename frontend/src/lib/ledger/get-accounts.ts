import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { AccountsData } from '@/lib/api/types'
import { accountKeys } from './keys'

export const ACCOUNTS_FALLBACK_ERROR = 'Failed to fetch accounts'

/** GET /accounts: every account with its balances, the net worth and the count. */
export async function getAccounts(): Promise<AccountsData> {
  const res = await client.GET('/api/accounts')
  return res.data
}

export function accountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.list(), queryFn: getAccounts })
}

/** Read by the accounts screen and by the transaction and transfer forms. */
export function useAccounts() {
  return useQuery(accountsQueryOptions())
}
