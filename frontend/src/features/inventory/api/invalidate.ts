import type { QueryClient } from '@tanstack/react-query'
import { inventoryKeys, shoppingListKey } from './keys'

/**
 * After any inventory write: every inventory query and the shopping list. `exceptId` leaves the
 * detail of a deleted item alone, so its page does not refetch a 404 while it says "deleted".
 */
export function invalidateInventory(queryClient: QueryClient, exceptId?: string): Promise<unknown> {
  const gone = exceptId === undefined ? null : inventoryKeys.detail(exceptId)
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: inventoryKeys.all,
      predicate: (query) => gone === null || JSON.stringify(query.queryKey) !== JSON.stringify(gone),
    }),
    queryClient.invalidateQueries({ queryKey: shoppingListKey }),
  ])
}
