import { createContext } from 'react'

/**
 * What the screens know of the signed-in user's household, without importing the household
 * feature: SessionGate provides it around every screen once the household has loaded
 * (src/app/session-sync.tsx). Screens read it through @/lib/write-access; this module holds only
 * what the first load needs.
 */

/** A member of the household as the screens name them (the user's id and name). */
export type HouseholdPerson = { _id: string; name: string }

export type HouseholdAccess = {
  /** False for a viewer. */
  canWrite: boolean
  /** Everyone in the household, the owner first. */
  members: readonly HouseholdPerson[]
}

/**
 * Undefined while the household is unknown (loading, offline, signed out, and in component tests
 * that give none): then anyone may write, as the server refuses a viewer anyway, and no one is named.
 */
export const HouseholdAccessContext = createContext<HouseholdAccess | undefined>(undefined)
