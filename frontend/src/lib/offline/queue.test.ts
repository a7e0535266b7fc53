import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { startAutoSync } from './auto-sync'
import { closeOfflineDb } from './db'
import { deviceQueueStorage, failureAction, OfflineQueue, QUEUED_CHANGE_MAX_AGE_DAYS, type QueuedChange } from './queue'

type Attempt = { kind: string; key: string; payload: unknown }

/** A server that answers each attempt with the next scripted outcome ('ok' once the script runs out). */
function scriptedServer(script: Array<'ok' | ApiError>) {
  const attempts: Attempt[] = []
  const send = vi.fn(async (change: QueuedChange) => {
    attempts.push({ kind: change.kind, key: change.key, payload: change.payload })
    const outcome = script.shift() ?? 'ok'
    if (outcome !== 'ok') throw outcome
  })
  return { attempts, send }
}

const networkDown = () => new ApiError(0, undefined, 'Network error')
const serverFault = () => new ApiError(503, 'Service unavailable')

function makeQueue(send: (c: QueuedChange) => Promise<void>, onRefused = vi.fn(), now?: () => Date) {
  const onExpired = vi.fn()
  return { queue: new OfflineQueue({ storage: deviceQueueStorage(), send, onRefused, onExpired, now }), onRefused, onExpired }
}

const DAY_MS = 24 * 60 * 60 * 1000

beforeEach(async () => {
  // A fresh, empty IndexedDB per test.
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
})

afterEach(() => vi.useRealTimers())

describe('OfflineQueue', () => {
  it('sends the changes strictly in the order they were made, each with its own key', async () => {
    const server = scriptedServer([])
    const { queue } = makeQueue(server.send)
    await queue.enqueue('set-quantity', 'Milk', { entryId: 'e1', quantity: 4 })
    await queue.enqueue('decrement', 'Bread', { itemId: 'i2' })
    await queue.enqueue('remove-entry', 'Eggs', { entryId: 'e3' })

    const result = await queue.flush()

    expect(result).toEqual({ sent: 3, refused: 0, expired: 0, stopped: false })
    expect(server.attempts.map((a) => a.kind)).toEqual(['set-quantity', 'decrement', 'remove-entry'])
    expect(new Set(server.attempts.map((a) => a.key)).size).toBe(3)
    expect(queue.getState().pending).toEqual([])
  })

  it('stops at a network failure and keeps that change and the rest, in order', async () => {
    const server = scriptedServer(['ok', networkDown()])
    const { queue } = makeQueue(server.send)
    await queue.enqueue('a', 'A', {})
    await queue.enqueue('b', 'B', {})
    await queue.enqueue('c', 'C', {})

    const result = await queue.flush()

    expect(result).toEqual({ sent: 1, refused: 0, expired: 0, stopped: true })
    expect(server.attempts.map((a) => a.kind)).toEqual(['a', 'b'])
    expect(queue.getState().pending.map((c) => c.kind)).toEqual(['b', 'c'])
    expect(queue.getState().syncing).toBe(false)
  })

  it('retries a change with the same idempotency key it was made with', async () => {
    const server = scriptedServer([networkDown(), networkDown()])
    const { queue } = makeQueue(server.send)
    const made = await queue.enqueue('decrement', 'Milk', { itemId: 'i1' })

    await queue.flush()
    await queue.flush()
    await queue.flush()

    expect(server.attempts).toHaveLength(3)
    expect(server.attempts.map((a) => a.key)).toEqual([made.key, made.key, made.key])
    expect(queue.getState().pending).toEqual([])
  })

  it('drops a change the server refuses (4xx), reports it, and goes on with the rest', async () => {
    const refusal = new ApiError(409, 'Stock is already zero', undefined, 'conflict')
    const server = scriptedServer(['ok', refusal])
    const { queue, onRefused } = makeQueue(server.send)
    await queue.enqueue('set-quantity', 'Bread', { entryId: 'e1', quantity: 2 })
    await queue.enqueue('decrement', 'Milk', { itemId: 'i1' })
    await queue.enqueue('remove-entry', 'Eggs', { entryId: 'e3' })

    const result = await queue.flush()

    expect(result).toEqual({ sent: 2, refused: 1, expired: 0, stopped: false })
    expect(server.attempts.map((a) => a.kind)).toEqual(['set-quantity', 'decrement', 'remove-entry'])
    expect(onRefused).toHaveBeenCalledTimes(1)
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ label: 'Milk', kind: 'decrement' }), refusal)
    expect(queue.getState().pending).toEqual([])
  })

  it('keeps a change after a server fault (5xx) and sends it, with its key, on a later replay', async () => {
    const server = scriptedServer([serverFault()])
    const { queue, onRefused } = makeQueue(server.send)
    const made = await queue.enqueue('decrement', 'Milk', { itemId: 'i1' })

    expect(await queue.flush()).toEqual({ sent: 0, refused: 0, expired: 0, stopped: true })
    expect(queue.getState().pending.map((c) => c.key)).toEqual([made.key])
    expect(onRefused).not.toHaveBeenCalled()

    expect(await queue.flush()).toEqual({ sent: 1, refused: 0, expired: 0, stopped: false })
    expect(server.attempts.map((a) => a.key)).toEqual([made.key, made.key])
  })

  it('survives a reload: a new queue over the same IndexedDB has the changes, keys and order', async () => {
    const offline = scriptedServer([networkDown()])
    const before = makeQueue(offline.send).queue
    const first = await before.enqueue('set-quantity', 'Milk', { entryId: 'e1', quantity: 4 })
    const second = await before.enqueue('decrement', 'Milk', { itemId: 'i1' })
    await before.flush()

    // The page reloads: the module state is gone, the database stays.
    await closeOfflineDb()
    const online = scriptedServer([])
    const after = makeQueue(online.send).queue
    await after.ready()
    expect(after.getState().pending.map((c) => [c.key, c.kind, c.label, c.payload])).toEqual([
      [first.key, 'set-quantity', 'Milk', { entryId: 'e1', quantity: 4 }],
      [second.key, 'decrement', 'Milk', { itemId: 'i1' }],
    ])

    await after.flush()
    expect(online.attempts.map((a) => a.key)).toEqual([first.key, second.key])
    // A third instance finds nothing left to send.
    await closeOfflineDb()
    const third = makeQueue(online.send).queue
    await third.ready()
    expect(third.getState().pending).toEqual([])
  })

  it('drops a change older than the limit unsent and reports it, and sends the younger ones', async () => {
    const server = scriptedServer([])
    let today = new Date('2026-06-01T09:00:00Z')
    const { queue, onExpired, onRefused } = makeQueue(server.send, vi.fn(), () => today)
    // Made on the phone, which then stayed offline.
    const old = await queue.enqueue('decrement', 'Milk', { itemId: 'i1' }, new Date(today.getTime() - 31 * DAY_MS))
    const limit = await queue.enqueue('decrement', 'Bread', { itemId: 'i2' }, new Date(today.getTime() - 30 * DAY_MS))
    const recent = await queue.enqueue('decrement', 'Eggs', { itemId: 'i3' }, new Date(today.getTime() - 2 * DAY_MS))

    const result = await queue.flush()

    expect(QUEUED_CHANGE_MAX_AGE_DAYS).toBe(30)
    expect(result).toEqual({ sent: 2, refused: 0, expired: 1, stopped: false })
    expect(server.attempts.map((a) => a.key)).toEqual([limit.key, recent.key])
    expect(onExpired).toHaveBeenCalledTimes(1)
    expect(onExpired).toHaveBeenCalledWith(expect.objectContaining({ key: old.key, label: 'Milk' }))
    expect(onRefused).not.toHaveBeenCalled()
    expect(queue.getState().pending).toEqual([])

    // Waiting without a connection does not keep a change alive: it is judged by when it was made.
    const offline = scriptedServer([networkDown()])
    const later = makeQueue(offline.send, vi.fn(), () => today)
    const stuck = await later.queue.enqueue('decrement', 'Milk', { itemId: 'i1' }, today)
    expect(await later.queue.flush()).toEqual({ sent: 0, refused: 0, expired: 0, stopped: true })
    today = new Date(today.getTime() + 30 * DAY_MS + 60_000)
    expect(await later.queue.flush()).toEqual({ sent: 0, refused: 0, expired: 1, stopped: false })
    expect(offline.attempts.map((a) => a.key)).toEqual([stuck.key])
    expect(later.onExpired).toHaveBeenCalledWith(expect.objectContaining({ key: stuck.key }))
  })

  it('runs one replay at a time: a flush during a replay joins it', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const send = vi.fn(async () => {
      await gate
    })
    const { queue } = makeQueue(send)
    await queue.enqueue('a', 'A', {})
    const one = queue.flush()
    const two = queue.flush()
    await vi.waitFor(() => expect(queue.getState().syncing).toBe(true))
    expect(queue.getState().sending?.kind).toBe('a')
    release()
    expect(await one).toEqual(await two)
    expect(send).toHaveBeenCalledTimes(1)
  })
})

describe('failureAction', () => {
  it.each([
    ['no answer', new ApiError(0, undefined, 'Network error'), 'retry'],
    ['a server fault', new ApiError(500), 'retry'],
    ['a bad gateway', new ApiError(502), 'retry'],
    ['too many requests', new ApiError(429, 'Slow down'), 'retry'],
    ['a signed-out session', new ApiError(401, 'Unauthorized'), 'retry'],
    [
      'the same key still running',
      new ApiError(409, 'A request with this Idempotency-Key is still being processed. Please try again shortly.'),
      'retry',
    ],
    ['stock already zero', new ApiError(409, 'Stock is already zero'), 'refused'],
    ['an entry deleted elsewhere', new ApiError(404, 'Shopping list item not found'), 'refused'],
    ['a key reused for another request', new ApiError(422, 'Idempotency-Key mismatch'), 'refused'],
    ['a validation error', new ApiError(400, 'Quantity must be at least 1'), 'refused'],
    ['something that is not an api error', new TypeError('boom'), 'retry'],
  ])('%s: %s', (_what, error, action) => {
    expect(failureAction(error)).toBe(action)
  })
})

describe('startAutoSync', () => {
  it('replays at start, backs off after failures, and replays when the browser comes online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = scriptedServer([networkDown(), networkDown(), networkDown()])
    const { queue } = makeQueue(server.send)
    await queue.enqueue('decrement', 'Milk', { itemId: 'i1' })

    // Lets the replay's promises (and fake-indexeddb's zero-delay timers) run without moving the clock.
    const settle = async () => {
      for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0)
    }
    const sync = startAutoSync(queue, { firstDelayMs: 1_000, maxDelayMs: 4_000 })
    await settle()
    expect(server.attempts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(999)
    await settle()
    expect(server.attempts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(server.attempts).toHaveLength(2)
    // The next wait is doubled.
    await vi.advanceTimersByTimeAsync(1_999)
    await settle()
    expect(server.attempts).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(server.attempts).toHaveLength(3)

    // The connection returns: no waiting for the timer.
    window.dispatchEvent(new Event('online'))
    await settle()
    expect(queue.getState().pending).toEqual([])
    expect(server.attempts).toHaveLength(4)
    expect(new Set(server.attempts.map((a) => a.key)).size).toBe(1)
    sync.stop()
  })
})
