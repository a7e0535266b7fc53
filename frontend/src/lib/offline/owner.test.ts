import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeOfflineDb, offlineDb } from './db'
import { claimOfflineData, OFFLINE_OWNER_KEY } from './owner'
import { readCopy, saveCopy } from './stored-copy'

beforeEach(async () => {
  // A fresh, empty IndexedDB per test ('fake-indexeddb/auto' installs one only the first time
  // a worker imports it; the test files share their workers).
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
})

afterEach(() => localStorage.clear())

describe('claimOfflineData', () => {
  it("keeps the device's lists for the user who made them", async () => {
    await claimOfflineData('alice')
    await saveCopy('shopping-list', [{ _id: 'e1' }])

    await claimOfflineData('alice')

    expect((await readCopy('shopping-list'))?.data).toEqual([{ _id: 'e1' }])
  })

  it("drops the previous user's lists and unsent changes when another user signs in", async () => {
    await claimOfflineData('alice')
    await saveCopy('shopping-list', [{ _id: 'e1' }])
    const db = await offlineDb()
    await db!.add('queue', { key: 'k1', kind: 'decrement', label: 'Milk', payload: { itemId: 'i1' }, createdAt: '' } as never)

    await claimOfflineData('bob')

    expect(await readCopy('shopping-list')).toBeNull()
    expect(await db!.count('queue')).toBe(0)
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('bob')
  })
})
