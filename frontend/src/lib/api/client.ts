import type { components } from '@/lib/api/schema'
import { clearToken, getToken } from '@/lib/auth-storage'

/** Base path of the API; the Vite dev server proxies it to the Rust server. */
export const API_BASE_PATH = '/api'
/** Spec §9: every call times out after 10 seconds unless stated. */
export const DEFAULT_TIMEOUT_MS = 10_000

/** The server's stable error codes (`code` of every error answer). */
export type ErrorCode = components['schemas']['ErrorCode']

/**
 * A failed API call. `status` is the HTTP status (0 for a network failure or
 * timeout); `serverMessage` and `code` are the `message` and `code` of the
 * `{success:false, code, message}` body when the server sent one.
 */
export class ApiError extends Error {
  readonly status: number
  readonly serverMessage: string | undefined
  readonly code: ErrorCode | undefined

  constructor(status: number, serverMessage?: string, fallback?: string, code?: ErrorCode) {
    super(serverMessage ?? fallback ?? `Request failed with status ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
    this.code = code
  }
}

/** The server's message when there is one, otherwise the given fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage
  return fallback
}

export type AuthFailure = 'unauthorized' | 'disabled'
type AuthFailureHandler = (failure: AuthFailure) => void

/** What the app does after the client has cleared the token (spec §4). */
let authFailureHandler: AuthFailureHandler = (failure) => {
  window.location.assign(failure === 'disabled' ? '/account-disabled' : '/login')
}

/** The app registers how to navigate (and reset its cache) on auth failures. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  authFailureHandler = handler
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  timeoutMs?: number
  /**
   * `false` turns off the global 401 handling for this call, for calls whose
   * 401 is an expected answer (login: a form error) or whose failure is
   * handled by the caller (the start-up session check).
   */
  redirectOnUnauthorized?: boolean
}

async function readError(
  response: Response,
): Promise<{ message: string | undefined; code: ErrorCode | undefined }> {
  try {
    const body = (await response.json()) as { message?: unknown; code?: unknown } | null
    return {
      message:
        typeof body?.message === 'string' && body.message.length > 0 ? body.message : undefined,
      code: typeof body?.code === 'string' ? (body.code as ErrorCode) : undefined,
    }
  } catch {
    return { message: undefined, code: undefined }
  }
}

/**
 * The ApiError of a non-2xx answer, after applying the global auth rules of
 * spec §4 (see apiRequest). Exported for the calls that need a fetch of their
 * own (a PDF download), so they treat a 401 or a disabled account the same way.
 */
export async function failedResponseError(
  response: Response,
  redirectOnUnauthorized = true,
): Promise<ApiError> {
  const { message, code } = await readError(response)
  if (response.status === 401 && redirectOnUnauthorized) {
    clearToken()
    if (window.location.pathname !== '/login') authFailureHandler('unauthorized')
  } else if (code === 'account_disabled') {
    clearToken()
    authFailureHandler('disabled')
  }
  return new ApiError(response.status, message, undefined, code)
}

/**
 * Calls the API: JSON in and out, bearer token when signed in, a timeout via
 * AbortController, and the global auth rules of spec §4:
 * - any 401 clears the token and goes to /login unless already there;
 * - a 403 with the code account_disabled clears the token and goes to
 *   /account-disabled.
 * Any non-2xx answer is thrown as an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, timeoutMs = DEFAULT_TIMEOUT_MS, redirectOnUnauthorized = true } =
    options

  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`

  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const url = new URL(`${API_BASE_PATH}${path}`, window.location.origin)

  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    })
  } catch {
    throw new ApiError(
      0,
      undefined,
      controller.signal.aborted ? 'The request timed out' : 'Network error',
    )
  } finally {
    clearTimeout(timer)
  }

  if (!response.ok) throw await failedResponseError(response, redirectOnUnauthorized)

  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
}
