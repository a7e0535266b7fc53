import { useSyncExternalStore } from 'react'
import { ApiError } from '@/lib/api/client'
import { offlineDb, onOfflineDataCleared, type StoredCopy } from './db'

/**
 * The last good answer of a few reads (the shopping list, the inventory), kept on the device so
 * their screens open in a shop with no signal. A copy is the server's answer as it was; changes
 * made since sit in the queue and are laid over it when read (see queue.ts).
 */

/** Kept in memory when the device has no IndexedDB. */
const memory = new Map<string, StoredCopy>()
onOfflineDataCleared(() => {
  memory.clear()
  for (const name of [...served.keys()]) markLive(name)
})

export async function saveCopy<T>(name: string, data: T, now = new Date()): Promise<void> {
  const copy: StoredCopy = { name, data, savedAt: now.toISOString() }
  const db = await offlineDb()
  if (!db) {
    memory.set(name, copy)
    return
  }
  try {
    await db.put('copies', copy)
  } catch {
    // Out of space or a locked database: the screen still has the answer; only the copy is lost.
  }
}

export async function readCopy<T>(name: string): Promise<StoredCopy<T> | null> {
  const db = await offlineDb()
  const copy = db ? await db.get('copies', name).catch(() => undefined) : memory.get(name)
  return (copy as StoredCopy<T> | undefined) ?? null
}

/** A call that got no answer at all (no signal, a timeout): status 0 of the api client. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0
}

// Which screens show a stored copy now, and from when: name → savedAt.
const served = new Map<string, string>()
const listeners = new Set<() => void>()

function markServed(name: string, savedAt: string) {
  if (served.get(name) === savedAt) return
  served.set(name, savedAt)
  for (const l of listeners) l()
}

function markLive(name: string) {
  if (!served.delete(name)) return
  for (const l of listeners) l()
}

/**
 * Fetches `name` from the server and keeps the answer as its stored copy; when the call gets no
 * answer, resolves to the stored copy instead (`fromCopy` may narrow it, e.g. to a search), and
 * `useStoredCopyTime(name)` tells the screen since when. Errors the server sent (4xx, 5xx), and
 * a network failure with no copy, reject as before.
 */
export async function fetchWithStoredCopy<T>(
  name: string,
  fetcher: () => Promise<T>,
  { save = true, fromCopy = (data: T) => data }: { save?: boolean; fromCopy?: (data: T) => T } = {},
): Promise<T> {
  try {
    const data = await fetcher()
    if (save) await saveCopy(name, data)
    markLive(name)
    return data
  } catch (error) {
    if (!isNetworkFailure(error)) throw error
    const copy = await readCopy<T>(name)
    if (!copy) throw error
    markServed(name, copy.savedAt)
    return fromCopy(copy.data)
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** When the stored copy a screen shows was saved (ISO), or null while it shows a live answer. */
export function useStoredCopyTime(name: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => served.get(name) ?? null,
    () => null,
  )
}
