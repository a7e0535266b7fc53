import { useEffect } from 'react'
import { useHouseholdAccess } from '@/features/household/lib/can-write'
import { OfflineSync } from '@/features/inventory/components/offline-sync'
import type { HouseholdAccess } from '@/lib/household-access'

type SessionSyncProps = {
  userId: string
  /** Receives the household's write access and members, and undefined when this unmounts (signed out). */
  onHouseholdAccess: (access: HouseholdAccess | undefined) => void
}

/**
 * What runs beside every screen of a signed-in user, loaded after the first screen rather than
 * with it (the first-load budget): the replay of the shopping changes made offline, and the
 * household (GET /household) that SessionGate hands to every screen as their write access and
 * members. The household feature's lib, not its index, which would bring its screens along.
 */
export function SessionSync({ userId, onHouseholdAccess }: SessionSyncProps) {
  const access = useHouseholdAccess(userId)
  useEffect(() => onHouseholdAccess(access), [access, onHouseholdAccess])
  useEffect(() => () => onHouseholdAccess(undefined), [onHouseholdAccess])
  return <OfflineSync />
}
