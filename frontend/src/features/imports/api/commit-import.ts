import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { invalidateAfterImport } from './invalidate'
import type { CommitResponse, PreviewBody } from './types'

export const COMMIT_FALLBACK_ERROR = 'Failed to import the statement'

type Variables = { importId: string; body: PreviewBody & { accountId: string }; idempotencyKey?: string }

/** POST /imports/{id}/commit: writes the preview's new rows; committing again adds nothing. */
export function commitImport({ importId, body, idempotencyKey }: Variables): Promise<CommitResponse> {
  return client.POST('/api/imports/{importId}/commit', {
    params: { path: { importId } },
    body,
    idempotencyKey,
    // 100,000 rows in one database transaction take a while.
    timeoutMs: 120_000,
  })
}

export function useCommitImport() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: commitImport, onSuccess: () => invalidateAfterImport(queryClient) })
}
