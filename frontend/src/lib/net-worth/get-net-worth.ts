import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

/**
 * Shared by the dashboard and the yearly report (features do not import each other): the
 * household's net worth at each month end.
 */
export type NetWorthPoint = components['schemas']['NetWorthPointDto']

export const NET_WORTH_FALLBACK_ERROR = 'Failed to load net worth'

export const netWorthKeys = {
  all: ['net-worth'] as const,
  months: (months: number) => [...netWorthKeys.all, months] as const,
}

/** GET /reports/net-worth?months: month ends oldest first, the current month last. */
export async function getNetWorth(months: number): Promise<NetWorthPoint[]> {
  const res = await client.GET('/api/reports/net-worth', { params: { query: { months: String(months) } } })
  return res.data
}

export function netWorthQueryOptions(months: number) {
  return queryOptions({ queryKey: netWorthKeys.months(months), queryFn: () => getNetWorth(months) })
}

export function useNetWorth(months: number) {
  return useQuery(netWorthQueryOptions(months))
}
