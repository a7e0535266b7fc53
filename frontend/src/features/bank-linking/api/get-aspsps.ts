import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { bankKeys } from './keys'
import type { Aspsp } from './types'

export const ASPSPS_FALLBACK_ERROR = 'Bank connection failed. Please try again.'

/**
 * GET /enablebanking/aspsps?country=: the banks Enable Banking can link there. 400 for a country
 * that is not two letters, 404 when the server has no Enable Banking, 502 when the provider fails.
 */
export async function getAspsps(country: string): Promise<Aspsp[]> {
  const res = await client.GET('/api/enablebanking/aspsps', { params: { query: { country } } })
  return res.data
}

/** The server keeps the provider's list a day; an hour here saves asking at each opening. */
export function aspspsQueryOptions(country: string, enabled = true) {
  return queryOptions({
    queryKey: bankKeys.aspsps(country),
    queryFn: () => getAspsps(country),
    staleTime: 60 * 60_000,
    enabled,
  })
}

export function useAspsps(country: string, enabled = true) {
  return useQuery(aspspsQueryOptions(country, enabled))
}
