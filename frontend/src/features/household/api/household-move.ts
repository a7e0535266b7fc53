import type { QueryClient } from '@tanstack/react-query'
import { clearOfflineData } from '@/lib/offline/db'
import type { Household } from './household'
import { householdKeys } from './keys'

/**
 * After the signed-in user joins or leaves a household, every figure they see is another
 * household's: the answers no screen shows are dropped (opening their screen would flash the old
 * household's figures first), so are the copies kept for offline use (the dashboard's figures, the
 * shopping list) and changes queued for the old household, the household is the one the server
 * answered, and every query on screen is fetched again.
 */
export function afterHouseholdMove(queryClient: QueryClient, household: Household): void {
  void clearOfflineData()
  queryClient.removeQueries({ type: 'inactive' })
  queryClient.setQueryData(householdKeys.current(), household)
  void queryClient.invalidateQueries()
}
