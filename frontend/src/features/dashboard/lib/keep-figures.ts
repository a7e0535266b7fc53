import type { Query, QueryClient } from '@tanstack/react-query'
import { onOfflineDataCleared } from '@/lib/offline/db'
import { readCopy, saveCopy } from '@/lib/offline/stored-copy'
import { forgetServed, isNetworkFailure, keptName, markLive, markServed } from './kept-figures'

onOfflineDataCleared(forgetServed)

/** Keeps a live answer as its stored copy, dated when the server gave it. */
function keep(query: Query, name: string): void {
  if (query.state.data === undefined || query.state.dataUpdatedAt === 0) return
  void saveCopy(name, query.state.data, new Date(query.state.dataUpdatedAt))
}

/**
 * A card waits on a query that cannot reach the server (paused offline, or failed with no
 * answer) and has nothing to show: put the stored copy in, dated when it was saved, so the card
 * shows it and the page says from when. A live answer later replaces it.
 */
async function restore(queryClient: QueryClient, query: Query, name: string): Promise<void> {
  const copy = await readCopy(name)
  if (!copy || query.state.data !== undefined) return
  // A fetch still trying without signal would end in an error over the copy: stop it first.
  if (query.state.fetchStatus === 'fetching') await queryClient.cancelQueries({ queryKey: query.queryKey, exact: true })
  const savedAt = Date.parse(copy.savedAt)
  markServed(query, savedAt)
  queryClient.setQueryData(query.queryKey, copy.data, { updatedAt: savedAt })
}

/**
 * Paused, failed with no answer, or (the app started without signal, so TanStack Query has not
 * been told it is offline) still fetching while the browser says offline.
 */
function waitsWithoutServer(query: Query): boolean {
  const { data, fetchStatus, error } = query.state
  return (
    data === undefined &&
    query.getObserversCount() > 0 &&
    (fetchStatus === 'paused' || isNetworkFailure(error) || (fetchStatus === 'fetching' && !navigator.onLine))
  )
}

const restoring = new Set<string>()

function look(queryClient: QueryClient, query: Query): void {
  const name = keptName(query)
  if (!name || !waitsWithoutServer(query) || restoring.has(query.queryHash)) return
  restoring.add(query.queryHash)
  void restore(queryClient, query, name).finally(() => restoring.delete(query.queryHash))
}

/**
 * While the dashboard is open: every live answer of its queries is kept on the device, and a
 * query that cannot reach the server is given its stored copy. Returns what stops it.
 */
export function keepFigures(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache()
  for (const query of cache.getAll()) {
    const name = keptName(query)
    if (!name) continue
    look(queryClient, query)
    if (query.state.status === 'success') keep(query, name)
  }
  // Back online: the live figures replace the kept ones (TanStack Query refetches on reconnect
  // only when it saw the connection go, not when the app started without one).
  const refetch = () =>
    void queryClient.refetchQueries({ predicate: (query) => keptName(query) !== undefined, type: 'active' })
  window.addEventListener('online', refetch)
  const unsubscribe = cache.subscribe((event) => {
    const name = keptName(event.query)
    if (!name) return
    // A fetch's answer (not our own setQueryData, which is 'manual').
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) {
      markLive(event.query)
      keep(event.query, name)
      return
    }
    look(queryClient, event.query)
  })
  return () => {
    window.removeEventListener('online', refetch)
    unsubscribe()
  }
}
