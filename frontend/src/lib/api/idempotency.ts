import { useCallback, useState } from 'react'
import { ApiError } from './client'

/**
 * 128 random bits as hex. crypto.getRandomValues works on plain http too (a self-hosted server
 * on the home network), where crypto.randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Whether the server judged the request (a 4xx answer it keeps), so a new attempt is a new write. */
function judged(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
}

/**
 * The Idempotency-Key of one intended write (a form's submit): kept while attempts fail without
 * an answer (a timeout, no signal), so a retry cannot write twice; renewed after a success or a
 * refusal, since the next submit is then another write. Call `settle(error?)` after each attempt.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey)
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || judged(error)) setKey(newIdempotencyKey())
  }, [])
  return { key, settle }
}
