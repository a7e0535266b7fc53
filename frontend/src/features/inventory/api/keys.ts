/**
 * Query keys of the inventory screens. The shopping list lives under ['shopping-list'], which
 * the inventory writes refresh too (an item's stock and price show there).
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  lists: () => [...inventoryKeys.all, 'list'] as const,
  list: (search: string) => [...inventoryKeys.lists(), search] as const,
  details: () => [...inventoryKeys.all, 'detail'] as const,
  detail: (id: string) => [...inventoryKeys.details(), id] as const,
}

export const shoppingListKey = ['shopping-list'] as const
