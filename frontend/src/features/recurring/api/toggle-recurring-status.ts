import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import { recurringKeys } from './keys'
import { recurringCall } from './request'
import type { RecurringTemplate, ToggleRecurringStatusResponse } from './types'

export const TOGGLE_RECURRING_FALLBACK_ERROR = 'Failed to toggle recurring transaction status'

/** The notice when the server sends no message. */
export function toggledMessage(isActive: boolean): string {
  return isActive ? 'Recurring transaction activated' : 'Recurring transaction paused'
}

/** PATCH /recurring-transactions/{id}/toggle-status: pauses an active template or resumes a paused one. */
export function toggleRecurringStatus(id: string): Promise<ToggleRecurringStatusResponse> {
  return recurringCall<ToggleRecurringStatusResponse>('PATCH', '/recurring-transactions/{id}/toggle-status', {
    params: { path: { id } },
  })
}

/** Puts the new state in the cached lists at once, then reloads them and the summary. */
export function useToggleRecurringStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: toggleRecurringStatus,
    onSuccess: ({ data }, id) => {
      queryClient.setQueriesData<RecurringTemplate[]>({ queryKey: recurringKeys.lists() }, (list) =>
        list?.map((t) => (t._id === id ? { ...t, isActive: data.isActive } : t)),
      )
      return invalidateRecurring(queryClient)
    },
  })
}
