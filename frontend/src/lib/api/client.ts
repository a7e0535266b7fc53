import createClient, { type ClientPathsWithMethod, type MethodResponse } from 'openapi-fetch'
import type { components, paths } from '@/lib/api/schema'
import { clearToken, getToken } from '@/lib/auth-storage'

/**
 * Base path of the API; the Vite dev server proxies it to the Rust server. The generated
 * `paths` already start with it ('/api/accounts').
 */
export const API_BASE_PATH = '/api'
/** Every call times out after 10 seconds unless stated. */
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

/** What the app does after the client has cleared the token. */
let authFailureHandler: AuthFailureHandler = (failure) => {
  window.location.assign(failure === 'disabled' ? '/account-disabled' : '/login')
}

/** The app registers how to navigate (and reset its cache) on auth failures. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  authFailureHandler = handler
}

/** Per-call settings of the client, next to the typed `params` and `body`. */
export type CallOptions = {
  timeoutMs?: number
  /**
   * `false` turns off the global 401 handling for this call, for calls whose
   * 401 is an expected answer (login: a form error) or whose failure is
   * handled by the caller (the start-up session check).
   */
  redirectOnUnauthorized?: boolean
  /**
   * Sent as the `Idempotency-Key` header of a write: the server does the write once however
   * often it is sent with this key (a retry after a lost answer gets the first answer). Make one
   * key per intended write, e.g. when its form opens, and reuse it for that write's retries.
   */
  idempotencyKey?: string
}

/** What `send` needs beyond the call options: what the call accepts, and whether to read the
 * whole answer before the timeout ends (a file). */
type SendOptions = CallOptions & { accept?: string; readWithin?: boolean }

/** Rejects when `signal` aborts: a body read that does not notice the abort still ends on time. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
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
 * The ApiError of a non-2xx answer, after applying the global auth rules
 * (see `send`).
 */
async function failedResponseError(
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
 * Sends one request of the typed client: JSON answers, bearer token when signed in,
 * a timeout via AbortController, and the global auth rules:
 * - any 401 clears the token and goes to /login unless already there (or the call opted out);
 * - a `code: account_disabled` answer clears the token and goes to /account-disabled.
 * Any non-2xx answer is thrown as an ApiError, so the typed client only ever sees success.
 */
function send({
  timeoutMs = DEFAULT_TIMEOUT_MS,
  redirectOnUnauthorized = true,
  idempotencyKey,
  accept = 'application/json',
  readWithin = false,
}: SendOptions) {
  return async (request: Request): Promise<Response> => {
    request.headers.set('Accept', accept)
    if (idempotencyKey) request.headers.set('Idempotency-Key', idempotencyKey)
    const token = getToken()
    if (token) request.headers.set('Authorization', `Bearer ${token}`)

    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    try {
      // globalThis.fetch is looked up per call (test servers replace it after start-up).
      response = await globalThis.fetch(request, { signal: controller.signal })
      // A file is read inside the timeout, so a stalled download ends too.
      if (readWithin && response.ok) {
        const whole = await Promise.race([response.blob(), abortion(controller.signal)])
        response = new Response(whole, { status: response.status, headers: response.headers })
      }
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
    return response
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type PathOf<M extends Method> = ClientPathsWithMethod<typeof fetchClient, M>
type Operation<M extends Method, P extends PathOf<M>> = paths[P][M]

/** `params` is required when the operation has path parameters (`/api/accounts/{id}`). */
type ParamsInit<Op> = Op extends { parameters: infer Params }
  ? Params extends { path: object }
    ? { params: Params }
    : { params?: Params }
  : { params?: never }
/**
 * `body` is required when the operation takes a JSON body (sent as JSON) or a multipart form (a
 * FormData, whose boundary the browser sets), and refused otherwise.
 */
type BodyInit<Op> = Op extends { requestBody: { content: { 'application/json': infer Body } } }
  ? { body: Body }
  : Op extends { requestBody: { content: { 'multipart/form-data': unknown } } }
    ? { body: FormData }
    : { body?: never }

/** What a call takes: the operation's typed `params` and `body`, and the call options. */
type CallInit<Op> = ParamsInit<Op> & BodyInit<Op> & CallOptions
/** The init argument may be left out when nothing in it is required. */
type CallArgs<Init> = Partial<Init> extends Init ? [init?: Init] : [init: Init]

/** A typed call: a path of the API, its params and body; resolves to the 2xx JSON body. */
type CallMethod<M extends Method> = <P extends PathOf<M>>(
  url: P,
  ...init: CallArgs<CallInit<Operation<M, P>>>
) => Promise<MethodResponse<typeof fetchClient, M, P>>

const fetchClient = createClient<paths>()

function call<M extends Method>(method: M): CallMethod<M> {
  return async (url, ...[init]) => {
    const { timeoutMs, redirectOnUnauthorized, idempotencyKey, ...rest } = ((init as unknown) ?? {}) as CallOptions & {
      params?: object
      body?: unknown
    }
    // openapi-fetch builds the URL and the JSON body from the typed arguments; `send` does the rest.
    const { data } = await fetchClient.request(method, url as never, {
      ...rest,
      baseUrl: window.location.origin,
      fetch: send({ timeoutMs, redirectOnUnauthorized, idempotencyKey }),
    } as never)
    return data as MethodResponse<typeof fetchClient, M, typeof url>
  }
}

/**
 * The API client, typed by the server's OpenAPI document (`schema.d.ts`): a path that does not
 * exist, a missing path parameter or a body field the operation does not take fails type-checking.
 *
 *   const res = await client.GET('/api/transactions/{id}', { params: { path: { id } } })
 *   res.data // TransactionDto
 *
 * Every call resolves to the 2xx body and rejects with an ApiError otherwise (see `send`).
 */
export const client = {
  GET: call('get'),
  POST: call('post'),
  PUT: call('put'),
  PATCH: call('patch'),
  DELETE: call('delete'),
}

const withJson = (accept: string) => (accept === 'application/json' ? accept : `${accept}, application/json`)

/** A file the API sends (a CSV, a PDF, a backup), with the answer's headers. */
export type DownloadedBlob = { blob: Blob; headers: Headers }

/**
 * A typed GET whose answer is a file: `accept` names the file's type (an error still comes as
 * JSON and is thrown as an ApiError, as for any call). The whole file is read within the timeout.
 *
 *   const { blob, headers } = await download('/api/reports/monthly/pdf', { params, accept: 'application/pdf' })
 */
export async function download<P extends PathOf<'get'>>(
  url: P,
  init: ParamsInit<Operation<'get', P>> & CallOptions & { accept: string },
): Promise<DownloadedBlob> {
  const { timeoutMs, redirectOnUnauthorized, idempotencyKey, accept, ...rest } = init as CallOptions & {
    accept: string
    params?: object
  }
  // openapi-fetch reads the answer as a blob (`parseAs`); its types know the JSON answers only.
  const { data, response }: { data?: unknown; response: Response } = await fetchClient.request('get', url as never, {
    ...rest,
    baseUrl: window.location.origin,
    parseAs: 'blob',
    // An error comes as JSON whatever the file's type.
    fetch: send({ timeoutMs, redirectOnUnauthorized, idempotencyKey, accept: withJson(accept), readWithin: true }),
  } as never)
  // openapi-fetch answers no data for an empty answer (204, or a length of 0): an empty file.
  return { blob: data === undefined ? new Blob([]) : (data as Blob), headers: response.headers }
}
