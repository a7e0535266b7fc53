import type { Session } from '../api/types'

/**
 * This device first (it is active now, whenever the server last noted it), then the others, most
 * recently active first: "most recent first" as the person holding this device sees it.
 */
export function byRecentActivity(sessions: Session[]): Session[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  )
}
