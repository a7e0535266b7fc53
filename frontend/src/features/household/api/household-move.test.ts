import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { closeOfflineDb } from '@/lib/offline/db'
import { readCopy, saveCopy } from '@/lib/offline/stored-copy'
import { afterHouseholdMove } from './household-move'
import { householdKeys } from './keys'

beforeEach(async () => {
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
})

describe('after joining or leaving a household', () => {
  it("forgets the old household's figures kept for offline use and the answers no screen shows", async () => {
    await saveCopy('dashboard-summary', { totalIncome: 2500 })
    const queryClient = new QueryClient()
    queryClient.setQueryData(['accounts'], { accounts: ['old'] })
    const household = { _id: 'h-2', name: 'The Smiths', members: [] }
    afterHouseholdMove(queryClient, household)
    expect(queryClient.getQueryData(['accounts'])).toBeUndefined()
    expect(queryClient.getQueryData(householdKeys.current())).toEqual(household)
    await expect.poll(() => readCopy('dashboard-summary')).toBeNull()
  })
})
