import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountKeys, transactionKeys } from '@/lib/ledger/keys'
import { syncBeforeTrip } from './offline-sync'
import { invalidateShoppingAndInventory } from './shopping-keys'
import type { TripBody, TripResponse } from './types'

export const COMPLETE_TRIP_FALLBACK_ERROR = 'Failed to complete shopping trip'
export const NO_TRIP_ITEMS_ERROR = 'Please select at least one item to complete the shopping trip'

type Variables = { body: TripBody; idempotencyKey: string }

/**
 * POST /inventory-items/shopping-trip/complete: one expense for the ticked items, their stock
 * raised and their entries cleared. The key makes a double tap or a retry one expense. Changes
 * made offline are sent first (in order); if some cannot be, the trip waits too.
 */
export async function completeTrip({ body, idempotencyKey }: Variables): Promise<TripResponse> {
  await syncBeforeTrip()
  return client.POST('/api/inventory-items/shopping-trip/complete', { body, idempotencyKey })
}

/** Refreshes the list, the inventory, and the ledger the new expense changed. */
export function useCompleteTrip() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: completeTrip,
    onSuccess: () =>
      Promise.all([
        invalidateShoppingAndInventory(queryClient),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  })
}
