import { API_BASE_PATH, ApiError, DEFAULT_TIMEOUT_MS, failedResponseError } from './client'
import { getToken } from '@/lib/auth-storage'

type RawRequestInit = {
  method?: 'GET' | 'POST'
  /** What the call accepts: a file type for a download; JSON answers are read for errors anyway. */
  accept?: string
  /** A multipart form (an upload); its boundary header is set by the browser. */
  body?: FormData
  timeoutMs?: number
}

/**
 * A call the typed client cannot make: a multipart upload (its `body` is JSON only) or a file
 * download (its answers are JSON only). The same base, bearer token, timeout and auth rules: a
 * 401 or a disabled account is handled as the client does, any other failure is an ApiError with
 * the server's message. `path` is below the API base ('/transactions/export.csv?…').
 */
export async function rawRequest(path: string, init: RawRequestInit = {}): Promise<Response> {
  const { method = 'GET', accept = 'application/json', body, timeoutMs = DEFAULT_TIMEOUT_MS } = init
  const headers: Record<string, string> = { Accept: accept }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    let response: Response
    try {
      response = await fetch(new URL(`${API_BASE_PATH}${path}`, window.location.origin), {
        method,
        headers,
        body,
        signal: controller.signal,
      })
    } catch {
      throw new ApiError(0, undefined, controller.signal.aborted ? 'The request timed out' : 'Network error')
    }
    if (!response.ok) throw await failedResponseError(response)
    // Read inside the timeout, so a stalled download ends too.
    return new Response(await response.blob(), { status: response.status, headers: response.headers })
  } finally {
    clearTimeout(timer)
  }
}

/** A file to hand to the browser. */
export type DownloadedFile = { blob: Blob; fileName: string }

/** Saves a blob through the browser's download, under the given name. */
export function saveBlob({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
