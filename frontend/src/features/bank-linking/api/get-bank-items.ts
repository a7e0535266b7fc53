import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { bankKeys } from './keys'
import type { BankConnection } from './types'

export const BANK_ITEMS_FALLBACK_ERROR = 'Failed to fetch bank connections'

/** GET /plaid/items: the user's connections with their accounts. */
export async function getBankItems(): Promise<BankConnection[]> {
  const res = await client.GET('/api/plaid/items')
  return res.data
}

export function bankItemsQueryOptions() {
  return queryOptions({ queryKey: bankKeys.items(), queryFn: getBankItems })
}

export function useBankItems() {
  return useQuery(bankItemsQueryOptions())
}
