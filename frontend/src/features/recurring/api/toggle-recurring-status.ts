import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import { recurringKeys } from './keys'
import type { RecurringResponse, RecurringTemplate } from './types'

export const TOGGLE_RECURRING_FALLBACK_ERROR = 'Failed to toggle recurring transaction status'

/** The notice when the server sends no message. */
export function toggledMessage(isActive: boolean): string {
  return isActive ? 'Recurring transaction activated' : 'Recurring transaction paused'
}

/** PATCH /recurring-transactions/{id}/toggle-status: pauses an active template or resumes a paused one. */
export function toggleRecurringStatus(id: string): Promise<RecurringResponse> {
  return client.PATCH('/api/recurring-transactions/{id}/toggle-status', {
    params: { path: { id } },
  })
}

/** Puts the template as it now is in the cached lists at once, then reloads them and the summary. */
export function useToggleRecurringStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: toggleRecurringStatus,
    onSuccess: ({ data }, id) => {
      queryClient.setQueriesData<RecurringTemplate[]>({ queryKey: recurringKeys.lists() }, (list) =>
        list?.map((t) => (t._id === id ? data : t)),
      )
      return invalidateRecurring(queryClient)
    },
  })
}
