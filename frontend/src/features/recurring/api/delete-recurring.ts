import { client } from '@/lib/api/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invalidateRecurring } from './invalidate'
import { recurringKeys } from './keys'
import type { DeleteAction, DeleteRecurringResponse, RecurringTemplate } from './types'

export const DELETE_RECURRING_FALLBACK_ERROR = 'Failed to delete recurring transaction'

/** The notices after a delete, by the server's action (spec doc 2 §4); shown for 3 seconds. */
export const DELETE_RECURRING_MESSAGES: Record<DeleteAction, string> = {
  deleted: 'Recurring transaction deleted successfully',
  deactivated:
    'Recurring transaction deactivated successfully (cannot delete the last recurring transaction)',
}

/** The notice of a delete's answer: the spec's text for a known action, else the server's message. */
export function deletedMessage(res: DeleteRecurringResponse): string {
  return res.action in DELETE_RECURRING_MESSAGES ? DELETE_RECURRING_MESSAGES[res.action as DeleteAction] : res.message
}

/** DELETE /recurring-transactions/{id}: the transactions it made stay; the last template is deactivated. */
export function deleteRecurring(id: string): Promise<DeleteRecurringResponse> {
  return client.DELETE('/api/recurring-transactions/{id}', {
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
