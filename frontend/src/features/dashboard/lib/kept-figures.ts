import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { ApiError } from '@/lib/api/client'
import { accountKeys } from '@/lib/ledger/keys'
import { dashboardKeys } from '../api/keys'
import { GOALS_SUMMARY_KEY } from '../api/get-goals-summary'
import { RUNNING_LOW_KEY } from '../api/get-running-low'

/**
 * The dashboard's figures kept on the device (the IndexedDB stored copies of
 * '@/lib/offline/stored-copy', which logging out and another user's sign-in clear), so that
 * the dashboard opened without a connection shows the last figures it had, saying from when.
 * This module is small and loaded with the page; the part that reads and writes the device's
 * database (keep-figures.ts) loads when the page is idle.
 */
export const KEPT_FIGURES: readonly { name: string; key: QueryKey }[] = [
  { name: 'dashboard-summary', key: dashboardKeys.summary() },
  { name: 'dashboard-chart-expense', key: dashboardKeys.chart('expense') },
  { name: 'dashboard-chart-income', key: dashboardKeys.chart('income') },
  { name: 'dashboard-accounts', key: accountKeys.list() },
  { name: 'dashboard-goals', key: GOALS_SUMMARY_KEY },
  { name: 'dashboard-running-low', key: RUNNING_LOW_KEY },
]

const byHash = new Map(KEPT_FIGURES.map((f) => [hashKey(f.key), f.name]))

/** The stored copy's name of a dashboard query, or undefined for any other query. */
export function keptName(query: Query): string | undefined {
  return byHash.get(query.queryHash)
}

/** A call that never reached the server (no signal, server down): the api client's status 0. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0
}

// The stored copies put into dashboard queries: hash → the copy's time. A query shows its copy
// while its data is still dated so; any live answer since has another time.
const served = new Map<string, number>()

export function markServed(query: Query, savedAt: number): void {
  served.set(query.queryHash, savedAt)
}

function showsCopy(query: Query): boolean {
  return query.state.data !== undefined && served.get(query.queryHash) === query.state.dataUpdatedAt
}

export function markLive(query: Query): void {
  served.delete(query.queryHash)
}

export function forgetServed(): void {
  served.clear()
}

/**
 * What the dashboard's figures are now: 'live', 'offline' (the browser says so) or 'unreachable'
 * (online, but a call got no answer, or a stored copy is on screen), and the time of the oldest
 * figure on screen (ms; 0 when none is). Only queries a card shows (with observers) count.
 */
export type FiguresState = { mode: 'live' | 'offline' | 'unreachable'; since: number }

export function figuresState(queryClient: QueryClient, online: boolean): FiguresState {
  let since = 0
  let unreachable = false
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!keptName(query) || query.getObserversCount() === 0) continue
    if (showsCopy(query) || isNetworkFailure(query.state.error)) unreachable = true
    const at = query.state.data === undefined ? 0 : query.state.dataUpdatedAt
    if (at > 0 && (since === 0 || at < since)) since = at
  }
  return { mode: !online ? 'offline' : unreachable ? 'unreachable' : 'live', since }
}
