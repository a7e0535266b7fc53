import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/**
 * MSW server for component tests; each test adds the handlers it needs. The public config,
 * which pages may read before sign-in, answers by default (no administrator address), and so does
 * the household, which the app reads beside every signed-in screen: the default user (fixtures'
 * makeUser) alone in it, its owner (household-handlers.ts has others). So does the logout that
 * every Logout sends without waiting.
 */
export const server = setupServer(
  http.get('*/api/config', () => HttpResponse.json({ success: true, adminEmail: null })),
  http.post('*/api/auth/logout', () => HttpResponse.json({ success: true, message: 'Logged out' })),
  http.get('*/api/household', () =>
    HttpResponse.json({
      success: true,
      data: {
        _id: 'h-u1',
        name: "Alice Smith's household",
        members: [
          { _id: 'u1', name: 'Alice Smith', email: 'alice@example.com', role: 'owner', joinedAt: '2026-01-15T10:00:00.000Z' },
        ],
      },
    }),
  ),
)

/** Absolute URL of an API path, as the api client requests it. */
export function apiUrl(path: string): string {
  return `${window.location.origin}/api${path}`
}
