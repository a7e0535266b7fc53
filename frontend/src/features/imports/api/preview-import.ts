import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { ImportPreview, PreviewBody } from './types'

export const PREVIEW_FALLBACK_ERROR = 'Failed to read the statement again'

type Variables = { importId: string; body: PreviewBody }

/** POST /imports/{id}/preview: the same file read again with a mapping, or against another account. */
export async function previewImport({ importId, body }: Variables): Promise<ImportPreview> {
  const res = await client.POST('/api/imports/{importId}/preview', {
    params: { path: { importId } },
    body,
    timeoutMs: 60_000,
  })
  return res.data
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport })
}
