import { client } from '@/lib/api/client'
import type { paths } from '@/lib/api/schema'

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

/** POST /inventory-items/upload-image (multipart, field `image`): the stored photo's paths. */
export async function uploadPhoto(file: Blob, fileName = 'photo'): Promise<UploadedPhoto> {
  const form = new FormData()
  form.append(UPLOAD_FIELD, file, fileName)
  const body: UploadResponse = await client.POST(UPLOAD_PATH, { body: form, timeoutMs: UPLOAD_TIMEOUT_MS })
  return body.data
}
