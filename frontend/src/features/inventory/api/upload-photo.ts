import { ApiError, failedResponseError } from '@/lib/api/client'
import type { paths } from '@/lib/api/schema'
import { getToken } from '@/lib/auth-storage'

export const UPLOAD_PHOTO_FALLBACK_ERROR = 'Failed to upload image'
/** A phone photo over a slow connection takes longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 60_000

/** The path of the generated schema; a rename on the server fails type-checking here. */
const UPLOAD_PATH = '/api/inventory-items/upload-image' satisfies keyof paths
type UploadOperation = paths[typeof UPLOAD_PATH]['post']
/** The field the multipart form carries the photo in. */
const UPLOAD_FIELD = 'image' satisfies keyof UploadOperation['requestBody']['content']['multipart/form-data']
export type UploadResponse = UploadOperation['responses'][201]['content']['application/json']

export type UploadedPhoto = UploadResponse['data']

/**
 * POST /inventory-items/upload-image (multipart, field `image`): the stored photo's paths. The
 * shared typed client takes JSON bodies only (its `body` is the operation's application/json
 * content and it has no `bodySerializer`), so this is a small fetch of its own with the schema's
 * path and answer type, the bearer token and the same auth rules (as the PDF download does).
 */
export async function uploadPhoto(file: Blob, fileName = 'photo'): Promise<UploadedPhoto> {
  const form = new FormData()
  form.append(UPLOAD_FIELD, file, fileName)
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS)
  try {
    let response: Response
    try {
      response = await fetch(new URL(UPLOAD_PATH, window.location.origin), {
        method: 'POST',
        headers,
        body: form,
        signal: controller.signal,
      })
    } catch {
      throw new ApiError(0, undefined, controller.signal.aborted ? 'The request timed out' : 'Network error')
    }
    if (!response.ok) throw await failedResponseError(response)
    const body: UploadResponse = await response.json()
    return body.data
  } finally {
    clearTimeout(timer)
  }
}
