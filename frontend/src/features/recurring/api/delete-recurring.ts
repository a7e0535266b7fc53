import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import { recurringKeys } from './keys'
import { recurringCall } from './request'
import type { DeleteRecurringResponse, RecurringTemplate } from './types'

export const DELETE_RECURRING_FALLBACK_ERROR = 'Failed to delete recurring transaction'

/** The notices after a delete, by the server's action (spec doc 2 §4); shown for 3 seconds. */
export const DELETE_RECURRING_MESSAGES: Record<DeleteRecurringResponse['action'], string> = {
  deleted: 'Recurring transaction deleted successfully',
  deactivated:
    'Recurring transaction deactivated successfully (cannot delete the last recurring transaction)',
}

/** DELETE /recurring-transactions/{id}: the transactions it made stay; the last template is deactivated. */
export function deleteRecurring(id: string): Promise<DeleteRecurringResponse> {
  return recurringCall<DeleteRecurringResponse>('DELETE', '/recurring-transactions/{id}', {
    params: { path: { id } },
  })
}

/** Marks the template inactive in the cached lists at once (spec), then reloads them. */
export function useDeleteRecurring() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRecurring,
    onSuccess: (_res, id) => {
      queryClient.setQueriesData<RecurringTemplate[]>({ queryKey: recurringKeys.lists() }, (list) =>
        list?.map((t) => (t._id === id ? { ...t, isActive: false } : t)),
      )
      return invalidateRecurring(queryClient)
    },
  })
}
