import { createContext, useContext } from 'react'

/**
 * What the screens know of the signed-in user's household, without importing the household
 * feature: SessionGate provides it around every screen once the household has loaded
 * (src/app/session-sync.tsx); they read it through the hooks below. It is in the first load: the
 * dashboard's Add buttons are off for a viewer too.
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

/** The server's words for a viewer's write (403 `read_only`), shown on every control a viewer cannot use. */
export const READ_ONLY_REASON = 'Viewers cannot make changes'

export type WriteAccess = { canWrite: true; reason?: undefined } | { canWrite: false; reason: string }

/** Whether the signed-in user may change the household's books, and if not, why (for a disabled control). */
export function useWriteAccess(): WriteAccess {
  return useContext(HouseholdAccessContext)?.canWrite === false
    ? { canWrite: false, reason: READ_ONLY_REASON }
    : { canWrite: true }
}

/** A control's `disabled` and `title` (a tooltip, and its accessible description). */
export type Guarded = { disabled?: boolean; title?: string }

/**
 * `disabled` and `title` for a control that changes the books: as given for a member, off for a
 * viewer with the reason as its title.
 */
export function useWriteGuard({ disabled, title }: Guarded = {}): Guarded {
  const { reason } = useWriteAccess()
  return reason ? { disabled: true, title: reason } : { disabled, title }
}

/**
 * The members worth naming beside what they did: all of them when the household has more than
 * one, none for a household of one (who did what goes without saying).
 */
export function useNamedMembers(): readonly HouseholdPerson[] {
  const members = useContext(HouseholdAccessContext)?.members
  return members && members.length > 1 ? members : NOBODY
}

const NOBODY: readonly HouseholdPerson[] = []
