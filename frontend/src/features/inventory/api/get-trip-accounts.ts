import { useQuery } from '@tanstack/react-query'
import type { Account } from '@/lib/api/types'
import { ACCOUNTS_FALLBACK_ERROR, accountsQueryOptions } from '@/lib/ledger/get-accounts'

export const TRIP_ACCOUNTS_FALLBACK_ERROR = ACCOUNTS_FALLBACK_ERROR

/** GET /accounts, read through the shared ledger cache: the accounts a trip may be paid from. */
export function useTripAccounts() {
  return useQuery({ ...accountsQueryOptions(), select: (data): Account[] => data.accounts })
}
