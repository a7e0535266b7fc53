import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { installAuthFailureHandler } from '@/app/auth-failure'
import { AppProvider } from '@/app/provider'
import { preloadAllScreens } from '@/app/lazy-screen'
import { preloadLazyDialogs } from '@/components/lazy-dialog'
import { routes } from '@/app/router'
import { setToken } from '@/lib/auth-storage'
import { type HouseholdAccess, HouseholdAccessContext } from '@/lib/household-access'
import { createQueryClient } from '@/lib/query-client'

// Every screen's and lazy dialog's code loaded once, so that routes render and dialogs open as
// soon as their data allows.
await preloadAllScreens()
await preloadLazyDialogs()

type RenderAppOptions = {
  /** Stored token before start-up (a signed-in visitor). */
  token?: string
}

/** Renders the whole app at `path` with a memory router and a fresh cache. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.token) setToken(options.token)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  // The client checks window.location for "already on /login"; keep it in step.
  window.history.replaceState(null, '', path)
  router.subscribe((state) => window.history.replaceState(null, '', state.location.pathname))
  installAuthFailureHandler(queryClient, router.navigate)
  const user = userEvent.setup()
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, router, queryClient, user, pathname: () => router.state.location.pathname }
}

type ProvidersOptions = {
  /**
   * The household the app would give the screen (its write access and members; see
   * household-handlers.ts); without it, as before the household loads: anyone may write.
   */
  household?: HouseholdAccess
}

/** Renders one component with the app's providers and a memory router at `path`. */
export function renderWithProviders(ui: React.ReactElement, path = '/', { household }: ProvidersOptions = {}) {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const element = household ? <HouseholdAccessContext value={household}>{ui}</HouseholdAccessContext> : ui
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] })
  const user = userEvent.setup()
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...view, router, queryClient, user }
}
