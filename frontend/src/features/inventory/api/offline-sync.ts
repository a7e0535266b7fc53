import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { toaster } from '@/components/notify'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { type AutoSync, startAutoSync } from '@/lib/offline/auto-sync'
import {
  deviceQueueStorage,
  type FlushResult,
  OfflineQueue,
  type QueuedChange,
  type QueueState,
  QUEUED_CHANGE_MAX_AGE_DAYS,
  type QueueStorage,
} from '@/lib/offline/queue'
import { applyToEntries, applyToItem, applyToItems, asOfflineChange, type OfflineChange, payloadOf } from '../lib/offline-changes'
import { DECREMENT_FALLBACK_ERROR, decrementItem } from './decrement-item'
import { DELETE_ENTRY_FALLBACK_ERROR, deleteListEntry } from './delete-list-entry'
import { inventoryKeys } from './keys'
import { shoppingKeys } from './shopping-keys'
import { TICK_ENTRY_FALLBACK_ERROR, tickListEntry } from './tick-list-entry'
import type { InventoryItem, ShoppingEntry } from './types'
import { UPDATE_ENTRY_FALLBACK_ERROR, updateListEntry } from './update-list-entry'

/** Names of the stored copies (see '@/lib/offline/stored-copy'). */
export const SHOPPING_LIST_COPY = 'shopping-list'
export const INVENTORY_COPY = 'inventory-items'

/** What a refused change's notice says when the server gave no message. */
const REFUSED_FALLBACK: Record<OfflineChange['kind'], string> = {
  'set-quantity': UPDATE_ENTRY_FALLBACK_ERROR,
  'set-ticked': TICK_ENTRY_FALLBACK_ERROR,
  'remove-entry': DELETE_ENTRY_FALLBACK_ERROR,
  decrement: DECREMENT_FALLBACK_ERROR,
}

/** Sends one queued change with its own Idempotency-Key (the same on every attempt). */
export async function sendChange(queued: QueuedChange): Promise<void> {
  const change = asOfflineChange(queued.kind, queued.payload)
  // A change this version cannot read (an older app's) cannot be sent; it leaves the queue.
  if (!change) return
  if (change.kind === 'set-quantity') await updateListEntry(change.entryId, { quantityToBuy: change.quantity }, queued.key)
  else if (change.kind === 'set-ticked') await tickListEntry(change.entryId, { ticked: change.ticked }, queued.key)
  else if (change.kind === 'remove-entry') await deleteListEntry(change.entryId, queued.key)
  else await decrementItem(change.itemId, queued.key)
}

/** "Couldn't save your change to 'Milk'", with the server's reason. */
export function refusalNotice(queued: QueuedChange, error: unknown): { title: string; description: string } {
  const change = asOfflineChange(queued.kind, queued.payload)
  const fallback = change ? REFUSED_FALLBACK[change.kind] : 'The server refused it'
  return { title: `Couldn't save your change to '${queued.label}'`, description: getErrorMessage(error, fallback) }
}

/** A change that waited on the device too long to be sent safely (it was dropped unsent). */
export function expiredNotice(queued: QueuedChange): { title: string; description: string } {
  return {
    title: `Couldn't save your change to '${queued.label}'`,
    description:
      `It waited on this device for more than ${QUEUED_CHANGE_MAX_AGE_DAYS} days without reaching the server, ` +
      'so it was not sent. Check the item and make the change again if you still need it.',
  }
}

/** The query clients of the mounted app (one; tests make one per render), refreshed after a replay. */
const clients = new Set<QueryClient>()

function refetchAll() {
  for (const queryClient of clients) {
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all })
    void queryClient.invalidateQueries({ queryKey: shoppingKeys.all })
  }
}

function createQueue(storage: QueueStorage) {
  return new OfflineQueue({
    storage,
    send: sendChange,
    onRefused: (queued, error) => {
      toaster.create({ ...refusalNotice(queued, error), type: 'error', closable: true, duration: 10_000 })
      // The screen showed the change: show the server's real figures instead.
      refetchAll()
    },
    onExpired: (queued) => {
      toaster.create({ ...expiredNotice(queued), type: 'error', closable: true, duration: 10_000 })
      refetchAll()
    },
    onFlushed: (result: FlushResult) => {
      if (!result.stopped) refetchAll()
    },
  })
}

let queue = createQueue(deviceQueueStorage())
let autoSync: AutoSync | null = null

/** The shopping queue, for tests. */
export function shoppingQueue(): OfflineQueue {
  return queue
}

/** Starts afresh with another storage (tests: a reload is a new queue over the same IndexedDB). */
export function resetShoppingQueue(storage: QueueStorage = deviceQueueStorage()): OfflineQueue {
  autoSync?.stop()
  autoSync = null
  clients.clear()
  queue = createQueue(storage)
  return queue
}

/** The changes not yet on the server, oldest first. */
export async function pendingChanges(): Promise<OfflineChange[]> {
  await queue.ready()
  return queue.getState().pending.flatMap((q) => {
    const change = asOfflineChange(q.kind, q.payload)
    return change ? [change] : []
  })
}

/** Sends what waits now (and schedules the retries). */
export function syncNow(): Promise<FlushResult> {
  autoSync ??= startAutoSync(queue)
  return autoSync.kick()
}

export const CHANGES_WAITING_ERROR =
  'Some changes are still waiting to be sent. Check your connection and try again.'

/** Before a trip: the waiting changes go first, so the trip buys what the list now says. */
export async function syncBeforeTrip(): Promise<void> {
  await queue.ready()
  if (queue.getState().pending.length === 0) return
  await syncNow()
  if (queue.getState().pending.length > 0) throw new ApiError(0, CHANGES_WAITING_ERROR)
}

/**
 * Keeps this app's query cache in step with the queue and starts the replays (now, on
 * 'online', on a backoff timer). Mounted at the root once signed in, and by the screens.
 */
export function useOfflineSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    clients.add(queryClient)
    void syncNow()
    return () => {
      clients.delete(queryClient)
    }
  }, [queryClient])
}

/** The queue's state: what waits, and whether (and what) it is sending. */
export function useQueueState(): QueueState {
  const current = queue
  return useSyncExternalStore(current.subscribe, current.getState, current.getState)
}

/** Whether this decrement of the item is on its way to the server now. */
export function isSendingUse(state: QueueState, itemId: string): boolean {
  const change = state.sending ? asOfflineChange(state.sending.kind, state.sending.payload) : null
  return change?.kind === 'decrement' && change.itemId === itemId
}

/** Shows a change in every cached list and item at once. */
export function showChange(queryClient: QueryClient, change: OfflineChange) {
  const changes = [change]
  queryClient.setQueriesData<InventoryItem[]>({ queryKey: inventoryKeys.lists() }, (items) =>
    items ? applyToItems(items, changes) : items,
  )
  queryClient.setQueriesData<InventoryItem>({ queryKey: inventoryKeys.details() }, (item) =>
    item ? applyToItem(item, changes) : item,
  )
  queryClient.setQueryData<ShoppingEntry[]>(shoppingKeys.list(), (entries) =>
    entries ? applyToEntries(entries, changes) : entries,
  )
}

/**
 * Makes a change: kept on the device with its own Idempotency-Key, then shown at once, and sent in
 * order with the others (now when there is a connection, later otherwise). `label` names the
 * item in a notice should the server refuse it.
 */
export function useQueueChange() {
  const queryClient = useQueryClient()
  return useCallback(
    async (change: OfflineChange, label: string) => {
      // A refresh under way (the list refreshes every few seconds) would answer without it.
      await queryClient.cancelQueries({ queryKey: shoppingKeys.list() })
      // Kept on the device before it is shown: what the screen shows survives a reload at once.
      await queue.enqueue(change.kind, label, payloadOf(change))
      showChange(queryClient, change)
      void syncNow()
    },
    [queryClient],
  )
}
