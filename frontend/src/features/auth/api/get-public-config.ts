import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { PublicConfigResponse } from '@/lib/api/types'
import { authKeys } from './keys'

/** GET /config: public settings, such as whom a disabled user should write to. */
export async function getPublicConfig(): Promise<PublicConfigResponse> {
  return client.GET('/api/config')
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.publicConfig(),
    queryFn: getPublicConfig,
    staleTime: Infinity,
  })
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions())
}
