import type { QueryClient } from '@tanstack/react-query'
import { goalKeys } from './keys'

/** After any goal or contribution write: the lists, the summary, the goals and their contributions. */
export function invalidateGoals(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: goalKeys.all })
}
