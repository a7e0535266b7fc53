import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { bankKeys } from './keys'
import type { LinkTokenResponse } from './types'

export const LINK_TOKEN_FALLBACK_ERROR = 'Failed to initialise bank connection'

/** POST /plaid/link/token/create: a token for a new connection, or (with its itemId) to sign in again. */
export function createLinkToken(itemId: string | null): Promise<LinkTokenResponse> {
  return client.POST('/api/plaid/link/token/create', { body: { itemId } })
}

/**
 * The link token of one opening of the dialog, read as a query: a remount (React's strict mode)
 * shares the one request instead of asking twice, and the token is dropped when the dialog goes.
 * Not asked for (`enabled` false) while a Plaid OAuth redirect resumes with its saved token.
 */
export function linkTokenQueryOptions(itemId: string | null, session: number, attempt: number, enabled = true) {
  return queryOptions({
    queryKey: bankKeys.linkToken(itemId, session, attempt),
    queryFn: () => createLinkToken(itemId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    enabled,
  })
}

export function useLinkToken(itemId: string | null, session: number, attempt: number, enabled = true) {
  return useQuery(linkTokenQueryOptions(itemId, session, attempt, enabled))
}
