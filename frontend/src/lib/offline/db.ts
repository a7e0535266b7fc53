import { type DBSchema, type IDBPDatabase, openDB } from 'idb'

/** What one queued write holds on the device (see queue.ts). */
export type StoredChange = {
  /** Ascending order of making; the replay order. Given by the store. */
  id: number
  /** The Idempotency-Key, made once with the change and sent with every attempt. */
  key: string
  /** What the change does, for its feature's sender ('set-quantity', 'decrement', ...). */
  kind: string
  /** The item's name, for notices ("Couldn't save your change to 'Milk'"). */
  label: string
  payload: unknown
  /** ISO time the change was made. */
  createdAt: string
}

/** The last answer of a read, kept to show when the network fails. */
export type StoredCopy<T = unknown> = { name: string; data: T; savedAt: string }

interface OfflineSchema extends DBSchema {
  copies: { key: string; value: StoredCopy }
  queue: { key: number; value: StoredChange }
}

export const OFFLINE_DB_NAME = 'myspending-offline'
const VERSION = 1

let opening: Promise<IDBPDatabase<OfflineSchema> | null> | null = null

/**
 * The device's offline database, or null where there is no IndexedDB (an old or locked-down
 * browser, jsdom without fake-indexeddb): callers then keep things in memory for the session.
 */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema> | null> {
  if (opening) return opening
  opening =
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : openDB<OfflineSchema>(OFFLINE_DB_NAME, VERSION, {
          upgrade(db) {
            db.createObjectStore('copies', { keyPath: 'name' })
            db.createObjectStore('queue', { keyPath: 'id', autoIncrement: true })
          },
          // Another tab upgrading: let it, and reopen next time.
          blocking() {
            void opening?.then((db) => db?.close())
            opening = null
          },
        }).catch(() => null)
  return opening
}

/** Forgets the open connection (tests that delete the database between cases). */
export async function closeOfflineDb(): Promise<void> {
  const db = await opening
  db?.close()
  opening = null
}

type ClearListener = () => void
const clearListeners = new Set<ClearListener>()

/** Called after `clearOfflineData`, so in-memory mirrors (the queue) start empty too. */
export function onOfflineDataCleared(listener: ClearListener): () => void {
  clearListeners.add(listener)
  return () => clearListeners.delete(listener)
}

/** Drops every stored copy and queued change (signing out: they belong to that user). */
export async function clearOfflineData(): Promise<void> {
  const db = await offlineDb()
  if (db) await Promise.all([db.clear('copies'), db.clear('queue')])
  for (const listener of clearListeners) listener()
}
