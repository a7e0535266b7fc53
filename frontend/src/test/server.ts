import { setupServer } from 'msw/node'

/** MSW server for component tests; each test adds the handlers it needs. */
export const server = setupServer()

/** Absolute URL of an API path, as the api client requests it. */
export function apiUrl(path: string): string {
  return `${window.location.origin}/api${path}`
}
