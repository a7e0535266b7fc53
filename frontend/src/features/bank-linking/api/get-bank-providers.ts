import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { bankKeys } from './keys'
import type { BankProviderInfo } from './types'

/** GET /bank/providers: the demo bank, Plaid and Enable Banking, each saying whether it is on. */
export async function getBankProviders(): Promise<BankProviderInfo[]> {
  const res = await client.GET('/api/bank/providers')
  return res.data
}

/**
 * Asked for when the Connect Bank dialog opens (not with the page), and kept five minutes: which
 * providers are on changes only with the server's settings. Not retried: without an answer the
 * dialog goes on with the link token, as before there was a choice, and that call says what failed.
 */
export function bankProvidersQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: bankKeys.providers(),
    queryFn: getBankProviders,
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  })
}

export function useBankProviders(enabled = true) {
  return useQuery(bankProvidersQueryOptions(enabled))
}
