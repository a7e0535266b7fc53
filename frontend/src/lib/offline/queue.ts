import { ApiError } from '@/lib/api/client'
import { newIdempotencyKey } from '@/lib/api/idempotency'
import { offlineDb, onOfflineDataCleared, type StoredChange } from './db'

export type QueuedChange = StoredChange

/** Where the queue keeps its changes: IndexedDB on a device, an array in memory otherwise. */
export interface QueueStorage {
  /** Every change, oldest first. */
  all(): Promise<QueuedChange[]>
  /** Stores a change and gives it the next id. */
  add(change: Omit<QueuedChange, 'id'>): Promise<QueuedChange>
  remove(id: number): Promise<void>
}

export function memoryQueueStorage(): QueueStorage {
  let changes: QueuedChange[] = []
  let next = 1
  onOfflineDataCleared(() => {
    changes = []
  })
  return {
    all: async () => [...changes],
    add: async (change) => {
      const stored = { ...change, id: next++ }
      changes.push(stored)
      return stored
    },
    remove: async (id) => {
      changes = changes.filter((c) => c.id !== id)
    },
  }
}

/** The 'queue' store of the offline database; in memory where there is no IndexedDB. */
export function deviceQueueStorage(): QueueStorage {
  const fallback = memoryQueueStorage()
  return {
    all: async () => {
      const db = await offlineDb()
      return db ? db.getAll('queue') : fallback.all()
    },
    add: async (change) => {
      const db = await offlineDb()
      if (!db) return fallback.add(change)
      // The id is left to the store (autoIncrement), so it orders changes across tabs and reloads.
      const id = await db.add('queue', change as QueuedChange)
      return { ...change, id }
    },
    remove: async (id) => {
      const db = await offlineDb()
      if (db) await db.delete('queue', id)
      else await fallback.remove(id)
    },
  }
}

/**
 * The longest a change waits on the device, in days. One made longer ago is dropped unsent and
 * the user is told (`onExpired`). The server keeps each Idempotency-Key's answer 35 days
 * (`KEY_KEPT_FOR_DAYS` in ports/src/idempotency.rs), counted from the change's first attempt
 * that reached it, which is never before the change was made here. So every retry this queue
 * sends falls inside that window, with 5 days to spare for a device clock that is off: a first
 * attempt whose answer was lost is replayed, never done twice. Raise one, raise the other
 * (docs/reliability.md; apps/server/tests/api/pure/idempotency.rs compares the two).
 */
export const QUEUED_CHANGE_MAX_AGE_DAYS = 30
const MAX_AGE_MS = QUEUED_CHANGE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000

/** Whether the change was made too long ago to be sent safely (see QUEUED_CHANGE_MAX_AGE_DAYS). */
export function isTooOld(change: Pick<QueuedChange, 'createdAt'>, now: Date): boolean {
  const made = Date.parse(change.createdAt)
  // A change without a readable time cannot be shown to be recent: treated as too old.
  return Number.isNaN(made) || now.getTime() - made > MAX_AGE_MS
}

/** The server's answer while a request with the same key still runs (409): try again later. */
const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed'

/**
 * What to do with a change whose attempt failed:
 * - 'retry': no answer (network, timeout), a server fault (5xx), too many requests (429), the
 *   same key still running (409), or a signed-out session (401, the client goes to /login): the
 *   change stays first in line and the replay stops until later;
 * - 'refused': any other 4xx is the server's judgement of this change (a 409 'Stock is already
 *   zero', a 404 for an entry removed elsewhere): the change is dropped and reported.
 */
export function failureAction(error: unknown): 'retry' | 'refused' {
  if (!(error instanceof ApiError)) return 'retry'
  const { status } = error
  if (status === 0 || status >= 500 || status === 401 || status === 429) return 'retry'
  if (status === 409 && error.serverMessage?.startsWith(KEY_IN_PROGRESS)) return 'retry'
  return status >= 400 ? 'refused' : 'retry'
}

/** A fresh key per change: crypto.randomUUID where the page is secure, random hex otherwise. */
export function changeKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newIdempotencyKey()
}

export type QueueState = {
  /** Changes not yet accepted by the server, oldest first. */
  pending: readonly QueuedChange[]
  /** Whether a replay is under way. */
  syncing: boolean
  /** The change being sent now. */
  sending: QueuedChange | null
}

export type FlushResult = {
  /** Changes the server accepted in this replay. */
  sent: number
  /** Changes it refused (dropped). */
  refused: number
  /** Changes older than QUEUED_CHANGE_MAX_AGE_DAYS, dropped without being sent. */
  expired: number
  /** The replay stopped early (no answer or a server fault); the rest waits. */
  stopped: boolean
}

export type QueueOptions = {
  storage: QueueStorage
  /** Sends one change with its key; rejects with the api client's ApiError on failure. */
  send: (change: QueuedChange) => Promise<void>
  /** A change the server refused, with the refusal; it has left the queue. */
  onRefused?: (change: QueuedChange, error: unknown) => void
  /** A change too old to send (QUEUED_CHANGE_MAX_AGE_DAYS); it has left the queue unsent. */
  onExpired?: (change: QueuedChange) => void
  /** The device's clock (tests move it). */
  now?: () => Date
  /** After a replay that changed anything on the server (to refetch). */
  onFlushed?: (result: FlushResult) => void
}

/**
 * Writes made on the device, kept (in IndexedDB) until the server has them, and replayed strictly
 * in the order they were made. Each change carries one Idempotency-Key for all its attempts, so
 * a retry after a lost answer is one write on the server, not two.
 */
export class OfflineQueue {
  private readonly options: QueueOptions
  private state: QueueState = { pending: [], syncing: false, sending: null }
  private readonly listeners = new Set<() => void>()
  private loading: Promise<void>
  private flushing: Promise<FlushResult> | null = null

  constructor(options: QueueOptions) {
    this.options = options
    this.loading = this.reload()
    onOfflineDataCleared(() => {
      this.loading = this.reload()
    })
  }

  /** Resolves once the changes kept on the device are known. */
  ready(): Promise<void> {
    return this.loading
  }

  private async reload() {
    const pending = await this.options.storage.all().catch(() => [])
    this.set({ pending })
  }

  private set(patch: Partial<QueueState>) {
    this.state = { ...this.state, ...patch }
    for (const l of this.listeners) l()
  }

  getState = (): QueueState => this.state

  private clock(): Date {
    return this.options.now?.() ?? new Date()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Keeps a new change (with its key) on the device, behind every earlier one. */
  async enqueue(kind: string, label: string, payload: unknown, now = this.clock()): Promise<QueuedChange> {
    await this.loading
    const change = await this.options.storage.add({
      key: changeKey(),
      kind,
      label,
      payload,
      createdAt: now.toISOString(),
    })
    this.set({ pending: [...this.state.pending, change] })
    return change
  }

  /**
   * Sends the waiting changes, oldest first, one at a time. A change the server accepts leaves
   * the queue; one it refuses (4xx) leaves it and is reported, and the replay goes on; no answer
   * or a server fault stops the replay with that change still first. A change made more than
   * QUEUED_CHANGE_MAX_AGE_DAYS ago leaves unsent and is reported. One replay at a time: a call
   * during a replay joins it.
   */
  flush(): Promise<FlushResult> {
    this.flushing ??= this.replay().finally(() => {
      this.flushing = null
    })
    return this.flushing
  }

  private async replay(): Promise<FlushResult> {
    await this.loading
    const result: FlushResult = { sent: 0, refused: 0, expired: 0, stopped: false }
    // Re-read the device: another tab may have sent or added changes.
    const pending = await this.options.storage.all().catch(() => this.state.pending)
    this.set({ pending, syncing: pending.length > 0 })
    try {
      while (this.state.pending.length > 0) {
        const change = this.state.pending[0]
        if (isTooOld(change, this.clock())) {
          result.expired += 1
          await this.drop(change)
          this.options.onExpired?.(change)
          continue
        }
        this.set({ sending: change })
        try {
          await this.options.send(change)
          result.sent += 1
        } catch (error) {
          if (failureAction(error) === 'retry') {
            result.stopped = true
            break
          }
          result.refused += 1
          await this.drop(change)
          this.options.onRefused?.(change, error)
          continue
        }
        await this.drop(change)
      }
    } finally {
      this.set({ syncing: false, sending: null })
    }
    if (result.sent + result.refused + result.expired > 0) this.options.onFlushed?.(result)
    return result
  }

  private async drop(change: QueuedChange) {
    await this.options.storage.remove(change.id).catch(() => {})
    this.set({ pending: this.state.pending.filter((c) => c.id !== change.id) })
  }
}
