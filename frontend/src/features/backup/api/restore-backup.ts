import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export const RESTORE_FALLBACK_ERROR = 'Failed to restore the backup'
export const RESTORE_SUCCESS = 'Backup restored'
const RESTORE_TIMEOUT_MS = 300_000

/** What POST /restore answers: how many of each thing it rebuilt. */
export type RestoreResponse = components['schemas']['Confirmed_RestoreCountsDto']

/**
 * POST /restore (multipart `file`): rebuilds the account from a backup. The server refuses an
 * account that already has data (409) and a file that is not a backup (400), with its message.
 */
export async function restoreBackup(file: File): Promise<RestoreResponse> {
  const form = new FormData()
  form.append('file', file, file.name)
  return client.POST('/api/restore', { body: form, timeoutMs: RESTORE_TIMEOUT_MS })
}

/** Everything cached belongs to the empty account that was: all of it is read again. */
export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: restoreBackup, onSuccess: () => queryClient.invalidateQueries() })
}
