import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { ApiError } from '@/lib/api/client'
import type { HouseholdAccess } from '@/lib/household-access'
import { type Household, useHousehold } from '../api/household'
import { householdKeys } from '../api/keys'

/**
 * Whether the member `userId` may change the household's books: anyone but a viewer. While the
 * household or the user is unknown (loading, offline, failed) it allows: the server refuses a
 * viewer's write anyway (403 `read_only`).
 */
export function canWriteIn(household: Household | undefined, userId: string | undefined): boolean {
  return household?.members.find((m) => m._id === userId)?.role !== 'viewer'
}

/**
 * What the app gives every signed-in screen (@/lib/household-access): write access and the
 * members; undefined until the household has loaded. A write refused as `read_only` means the
 * owner has made this user a viewer since the household was read: it is read again, so the
 * screens disable what the server now refuses.
 */
export function useHouseholdAccess(userId: string | undefined): HouseholdAccess | undefined {
  const { data } = useHousehold()
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const error = event.type === 'updated' && event.action.type === 'error' ? event.action.error : null
        if (error instanceof ApiError && error.code === 'read_only') {
          void queryClient.invalidateQueries({ queryKey: householdKeys.current() })
        }
      }),
    [queryClient],
  )
  return useMemo(
    () => (data ? { canWrite: canWriteIn(data, userId), members: data.members } : undefined),
    [data, userId],
  )
}
