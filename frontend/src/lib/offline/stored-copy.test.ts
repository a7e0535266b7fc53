import 'fake-indexeddb/auto'
import { renderHook, waitFor } from '@testing-library/react'
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { clearOfflineData, closeOfflineDb } from './db'
import { fetchWithStoredCopy, readCopy, saveCopy, useStoredCopyTime } from './stored-copy'

const noSignal = () => Promise.reject(new ApiError(0, undefined, 'Network error'))

beforeEach(async () => {
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
})

describe('stored copies', () => {
  it('keeps the last answer in IndexedDB, with the time it was saved', async () => {
    await saveCopy('list', [1, 2, 3], new Date('2026-06-10T09:30:00Z'))
    // A reload: a new connection to the same database.
    await closeOfflineDb()
    expect(await readCopy('list')).toEqual({ name: 'list', data: [1, 2, 3], savedAt: '2026-06-10T09:30:00.000Z' })
  })

  it('serves the stored copy when the call gets no answer, and says since when', async () => {
    const { result } = renderHook(() => useStoredCopyTime('list'))
    expect(await fetchWithStoredCopy('list', async () => ['milk', 'bread'])).toEqual(['milk', 'bread'])
    expect(result.current).toBeNull()
    const saved = (await readCopy<string[]>('list'))!.savedAt

    expect(await fetchWithStoredCopy('list', noSignal)).toEqual(['milk', 'bread'])
    await waitFor(() => expect(result.current).toBe(saved))

    // A live answer again: the screen no longer shows a stored copy.
    expect(await fetchWithStoredCopy('list', async () => ['milk'])).toEqual(['milk'])
    await waitFor(() => expect(result.current).toBeNull())
  })

  it('narrows the copy as asked (a search) and does not save narrowed answers', async () => {
    await fetchWithStoredCopy('items', async () => ['Milk', 'Bread', 'Oat milk'])
    await fetchWithStoredCopy('items', async () => ['Bread'], { save: false })
    const milk = await fetchWithStoredCopy('items', noSignal, {
      fromCopy: (all: string[]) => all.filter((n) => n.toLowerCase().includes('milk')),
    })
    expect(milk).toEqual(['Milk', 'Oat milk'])
  })

  it('still fails on an answer of the server, and on no answer with nothing stored', async () => {
    await saveCopy('list', ['milk'])
    const fault = new ApiError(500, 'Internal error')
    await expect(fetchWithStoredCopy('list', () => Promise.reject(fault))).rejects.toBe(fault)
    await expect(fetchWithStoredCopy('other', noSignal)).rejects.toMatchObject({ status: 0 })
  })

  it('forgets every copy when the offline data is cleared (signing out)', async () => {
    await saveCopy('list', ['milk'])
    await clearOfflineData()
    expect(await readCopy('list')).toBeNull()
  })
})
