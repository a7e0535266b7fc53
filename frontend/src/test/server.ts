import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/**
 * MSW server for component tests; each test adds the handlers it needs. The public config,
 * which pages may read before sign-in, answers by default (no administrator address).
 */
export const server = setupServer(
  http.get('*/api/config', () => HttpResponse.json({ success: true, adminEmail: null })),
)

/** Absolute URL of an API path, as the api client requests it. */
export function apiUrl(path: string): string {
  return `${window.location.origin}/api${path}`
}
