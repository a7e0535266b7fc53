import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { apiUrl, server } from '@/test/server'
import { createQueryClient } from '@/lib/query-client'
import { preloadScreensAt } from './lazy-screen'
import { routes } from './router'

/** Records each API path the app asks for. */
function recordRequests() {
  const asked: string[] = []
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname.replace(/^\/api/, ''))
  })
  return asked
}

afterEach(() => server.events.removeAllListeners())

describe('preloadScreensAt', () => {
  it("asks for a signed-in visitor's dashboard figures before the dashboard renders", async () => {
    server.use(...dashboardHandlers())
    const asked = recordRequests()
    const queryClient = createQueryClient()
    preloadScreensAt(routes, { pathname: '/dashboard' }, queryClient)
    await expect.poll(() => queryClient.isFetching() + asked.length).toBeGreaterThan(0)
    await expect.poll(() => queryClient.isFetching()).toBe(0)
    expect(asked.sort()).toEqual(['/accounts', '/transactions/dashboard/chart-data', '/transactions/dashboard/summary'])
    // In the cache under the keys the page reads, so it renders them without asking again.
    expect(queryClient.getQueryCache().getAll().every((query) => query.state.status === 'success')).toBe(true)
  })

  it('asks for nothing for a visitor who is not signed in, or for a screen that names no first data', async () => {
    server.use(http.all(apiUrl('/*'), () => HttpResponse.json({ success: false }, { status: 500 })))
    const asked = recordRequests()
    preloadScreensAt(routes, { pathname: '/dashboard' })
    const queryClient = createQueryClient()
    preloadScreensAt(routes, { pathname: '/goals' }, queryClient)
    // Both screens' code loads in this test; give any request it would start the time to start.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(asked).toEqual([])
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
