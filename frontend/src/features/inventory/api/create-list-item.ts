import { client } from '@/lib/api/client'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invalidateShoppingAndInventory, shoppingKeys } from './shopping-keys'
import type { InventoryItem, InventoryItemBody, InventoryItemResponse } from './types'

export const ITEM_OPTIONS_FALLBACK_ERROR = 'Failed to fetch inventory items'
export const CREATE_LIST_ITEM_FALLBACK_ERROR = 'Failed to create inventory item'

/** GET /inventory-items: the items the add dialog offers. */
export async function getItemOptions(): Promise<InventoryItem[]> {
  const res = await client.GET('/api/inventory-items')
  return res.data
}

export function itemOptionsQueryOptions() {
  return queryOptions({ queryKey: shoppingKeys.itemOptions(), queryFn: getItemOptions })
}

export function useItemOptions(enabled = true) {
  return useQuery({ ...itemOptionsQueryOptions(), enabled })
}

/** What the 'Add New Item' mode asks for; the rest of the item takes the spec's defaults. */
export type NewListItem = { name: string; brand: string; lastPrice: string; defaultNeeded: string }

/** The item body of a new item made from the shopping list (spec doc 2 §7): none in stock yet. */
export function newItemBody(item: NewListItem): InventoryItemBody {
  return {
    name: item.name,
    brand: item.brand,
    lastPrice: item.lastPrice,
    currentStock: '0',
    defaultNeeded: item.defaultNeeded,
    category: 'Other',
    unit: 'pieces',
    type: 'Other',
    preferredStore: '',
    expiryDate: null,
    size: '',
    locationInHouse: '',
    image: '',
  }
}

/** POST /inventory-items: the new item, whose _id the dialog then adds to the list. */
export function createListItem(item: NewListItem): Promise<InventoryItemResponse> {
  return client.POST('/api/inventory-items', { body: newItemBody(item) })
}

export function useCreateListItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createListItem, onSuccess: () => invalidateShoppingAndInventory(queryClient) })
}
