import { useMutation } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { paths } from '@/lib/api/schema'
import type { ImportPreview, ImportPreviewResponse } from './types'

export const UPLOAD_FALLBACK_ERROR = 'Failed to read the statement'
/** A 10 MB statement over a slow connection takes longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 120_000

/** The path of the generated schema; a rename on the server fails type-checking here. */
const UPLOAD_PATH = '/api/imports' satisfies keyof paths
type UploadForm = paths[typeof UPLOAD_PATH]['post']['requestBody']['content']['multipart/form-data']
const FILE_FIELD = 'file' satisfies keyof UploadForm
const ACCOUNT_FIELD = 'accountId' satisfies keyof UploadForm

type Variables = { file: File; accountId?: string }

/**
 * POST /imports (multipart `file`, optional `accountId` to count duplicates against): the
 * preview; nothing is written.
 */
export async function uploadStatement({ file, accountId }: Variables): Promise<ImportPreview> {
  const form = new FormData()
  form.append(FILE_FIELD, file, file.name)
  if (accountId) form.append(ACCOUNT_FIELD, accountId)
  const body: ImportPreviewResponse = await client.POST(UPLOAD_PATH, { body: form, timeoutMs: UPLOAD_TIMEOUT_MS })
  return body.data
}

export function useUploadStatement() {
  return useMutation({ mutationFn: uploadStatement })
}
