import { type CallOptions, client } from '@/lib/api/client'

/**
 * The one untyped door to the inventory and shopping-list paths, which are not in the generated
 * schema (src/lib/api/schema.d.ts) yet. It goes through the same client (token, timeout, the
 * global auth rules, ApiError on any non-2xx answer). Replace each call with the typed client
 * once `just openapi` has picked the paths up, then delete this file.
 */
export type InventoryMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type InventoryCallInit = CallOptions & {
  body?: unknown
  params?: { query?: Record<string, string | number | undefined> }
}

type UntypedCall = (url: string, init?: InventoryCallInit) => Promise<unknown>
const untyped = client as unknown as Record<InventoryMethod, UntypedCall>

/** Calls `/api${path}` (path like '/inventory-items/abc') and resolves to the 2xx JSON body. */
export function inventoryCall<Answer>(
  method: InventoryMethod,
  path: string,
  init: InventoryCallInit = {},
): Promise<Answer> {
  return untyped[method](`/api${path}`, init) as Promise<Answer>
}

/** The path of one item, its id escaped. */
export function itemPath(id: string, rest = ''): string {
  return `/inventory-items/${encodeURIComponent(id)}${rest}`
}
