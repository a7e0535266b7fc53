import { client } from '@/lib/api/client'

/**
 * TEMPORARY — replace when the API lands. The recurring paths are not in schema.d.ts yet, so the
 * typed client cannot name them; this file is the one place they are called untyped, through
 * the same client (token, timeout, auth rules and ApiError all apply). Each api file says what
 * its answer is with a type from ./types. Once the paths are generated, delete this file and
 * write `client.GET('/api/recurring-transactions', …)` in the api files.
 */
type UntypedInit = {
  params?: { path?: Record<string, string>; query?: Record<string, string> }
  body?: unknown
}
type UntypedCall = (url: string, init?: UntypedInit) => Promise<unknown>
type UntypedMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

// The one cast: the typed client seen as untyped calls (runtime behaviour is unchanged).
const untyped = client as unknown as Record<UntypedMethod, UntypedCall>

/** The recurring API paths, below /api. */
export type RecurringPath =
  | '/recurring-transactions'
  | '/recurring-transactions/{id}'
  | '/recurring-transactions/{id}/process'
  | '/recurring-transactions/{id}/toggle-status'
  | '/recurring-transactions/summary/current-month'
  | '/recurring-transactions/upcoming/{count}'
  | '/recurring-transfers'
  | '/recurring-transfers/{id}'
  | '/recurring-snapshots/finalize'

/** Calls a recurring path; resolves to the 2xx body, typed as `Answer`, or rejects with an ApiError. */
export function recurringCall<Answer>(
  method: UntypedMethod,
  path: RecurringPath,
  init?: UntypedInit,
): Promise<Answer> {
  return untyped[method](`/api${path}`, init) as Promise<Answer>
}
