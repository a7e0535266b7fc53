import { useMutation } from '@tanstack/react-query'
import { API_BASE_PATH } from '@/lib/api/client'
import { rawRequest } from '@/lib/api/raw-request'
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
 * preview; nothing is written. Sent through rawRequest, as the typed client takes JSON only.
 */
export async function uploadStatement({ file, accountId }: Variables): Promise<ImportPreview> {
  const form = new FormData()
  form.append(FILE_FIELD, file, file.name)
  if (accountId) form.append(ACCOUNT_FIELD, accountId)
  const response = await rawRequest(UPLOAD_PATH.slice(API_BASE_PATH.length), {
    method: 'POST',
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  })
  const body: ImportPreviewResponse = await response.json()
  return body.data
}

export function useUploadStatement() {
  return useMutation({ mutationFn: uploadStatement })
}
