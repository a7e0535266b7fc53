import { type CallOptions, client } from '@/lib/api/client'

/** What an untyped call takes: the client's options, and a JSON body for writes. */
export type ShoppingCallInit = CallOptions & { body?: unknown }

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type UntypedCall = (url: string, init?: ShoppingCallInit) => Promise<unknown>

/**
 * The shopping-list and inventory calls, which `schema.d.ts` does not describe yet: the same
 * client (token, timeout, ApiError, Idempotency-Key) with the path left untyped. `path` is
 * relative to /api ('/shopping-list'); path parameters are already in it, encoded by the caller.
 * To be replaced by typed `client` calls once the schema has these paths.
 */
export function shoppingCall<Answer>(method: Method, path: string, init: ShoppingCallInit = {}): Promise<Answer> {
  const call = client[method] as unknown as UntypedCall
  return call(`/api${path}`, init) as Promise<Answer>
}
