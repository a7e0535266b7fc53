import { API_BASE_PATH, ApiError, failedResponseError } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { getToken } from '@/lib/auth-storage'

export const UPLOAD_PHOTO_FALLBACK_ERROR = 'Failed to upload image'
/** A phone photo over a slow connection takes longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 60_000

export type UploadedPhoto = components['schemas']['UploadedDto']

/**
 * POST /inventory-items/upload-image (multipart, field `image`): the stored photo's paths. The
 * shared client speaks JSON only, so this is a small fetch of its own with the same base path,
 * bearer token and auth rules (as the PDF download does).
 */
export async function uploadPhoto(file: Blob, fileName = 'photo'): Promise<UploadedPhoto> {
  const form = new FormData()
  form.append('image', file, fileName)
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS)
  try {
    let response: Response
    try {
      response = await fetch(new URL(`${API_BASE_PATH}/inventory-items/upload-image`, window.location.origin), {
        method: 'POST',
        headers,
        body: form,
        signal: controller.signal,
      })
    } catch {
      throw new ApiError(0, undefined, controller.signal.aborted ? 'The request timed out' : 'Network error')
    }
    if (!response.ok) throw await failedResponseError(response)
    const body = (await response.json()) as components['schemas']['UploadResponse']
    return body.data
  } finally {
    clearTimeout(timer)
  }
}
