import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { securityKeys } from './keys'
import type { ApiToken } from './types'

export const TOKENS_FALLBACK_ERROR = 'Failed to load API tokens'

/** GET /tokens: this user's personal access tokens, newest first (never their secrets). */
export async function getTokens(): Promise<ApiToken[]> {
  const res = await client.GET('/api/tokens')
  return res.data
}

export function tokensQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.tokens(),
    queryFn: getTokens,
    // 'Last used' moves as scripts use the tokens: read again on every visit.
    staleTime: 0,
  })
}

export function useTokens() {
  return useQuery(tokensQueryOptions())
}
