import type { QueryClient } from '@tanstack/react-query'

/**
 * Query keys of the shopping list. The inventory screens keep theirs under ['inventory'], which a
 * completed trip changes too (stock goes up on the server).
 */
export const shoppingKeys = {
  all: ['shopping-list'] as const,
  list: () => [...shoppingKeys.all, 'list'] as const,
  /** The inventory items offered by the add dialog. */
  itemOptions: () => [...shoppingKeys.all, 'item-options'] as const,
}

export const INVENTORY_KEY = ['inventory'] as const

/** After a list write: the list and the dialog's item options. */
export function invalidateShoppingList(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: shoppingKeys.all })
}

/** After a write that changes items too (a new item, a trip): the list and the inventory. */
export function invalidateShoppingAndInventory(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shoppingKeys.all }),
    queryClient.invalidateQueries({ queryKey: INVENTORY_KEY }),
  ])
}
