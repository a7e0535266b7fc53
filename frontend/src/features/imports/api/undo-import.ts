import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { invalidateAfterImport } from './invalidate'
import type { UndoResponse } from './types'

export const UNDO_FALLBACK_ERROR = 'Failed to undo the import'
export const UNDO_SUCCESS = 'Import undone'

/** DELETE /imports/{id}: exactly the import's transactions go. */
export function undoImport(importId: string): Promise<UndoResponse> {
  return client.DELETE('/api/imports/{importId}', { params: { path: { importId } }, timeoutMs: 60_000 })
}

export function useUndoImport() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: undoImport, onSuccess: () => invalidateAfterImport(queryClient) })
}
