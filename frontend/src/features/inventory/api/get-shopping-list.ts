import { client } from '@/lib/api/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchWithStoredCopy } from '@/lib/offline/stored-copy'
import { applyToEntries } from '../lib/offline-changes'
import { pendingChanges, SHOPPING_LIST_COPY } from './offline-sync'
import { shoppingKeys } from './shopping-keys'
import type { ShoppingEntry } from './types'

export const SHOPPING_LIST_FALLBACK_ERROR = 'Failed to fetch shopping list'

/** GET /shopping-list: the entries by category, then name. */
async function fetchShoppingList(): Promise<ShoppingEntry[]> {
  const res = await client.GET('/api/shopping-list')
  return res.data
}

/**
 * The list as the server last said (live, or the copy stored on the device when there is no
 * connection) with the changes still waiting to be sent laid over it.
 */
export async function getShoppingList(): Promise<ShoppingEntry[]> {
  const entries = await fetchWithStoredCopy(SHOPPING_LIST_COPY, fetchShoppingList)
  return applyToEntries(entries, await pendingChanges())
}

/** 'offlineFirst': the call is tried even when the browser says offline, and its failure falls back to the device. */
export function shoppingListQueryOptions() {
  return queryOptions({ queryKey: shoppingKeys.list(), queryFn: getShoppingList, networkMode: 'offlineFirst' })
}

/**
 * How often the open list asks again, so another member's ticks (and what they bought) show
 * within seconds. Only while the page is visible and the device online; a refocus asks at once.
 */
export const LIVE_REFRESH_MS = 5_000

/** The list, kept fresh while the shopping screen is open (`live`: online, so worth asking). */
export function useShoppingList({ live = false }: { live?: boolean } = {}) {
  return useQuery({
    ...shoppingListQueryOptions(),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
    refetchOnWindowFocus: live ? 'always' : false,
  })
}
