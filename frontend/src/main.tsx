// First, before any schema is built: zod without eval, which the Content-Security-Policy forbids.
import '@/lib/zod-config'
// Next: keeps the browser's install offer (beforeinstallprompt), which can fire before React renders.
import '@/lib/pwa/install-prompt'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { installAuthFailureHandler } from '@/app/auth-failure'
import { preloadScreensAt } from '@/app/lazy-screen'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { appSystem } from '@/app/theme'
import { UpdatePrompt } from '@/components/update-prompt'
import { meQueryOptions } from '@/features/auth/session'
import { getToken } from '@/lib/auth-storage'
import { markFirstScreenShown, whenIdleAfterFirstScreen } from '@/lib/first-screen'
import { queryClient } from '@/lib/query-client'
import { yieldToBrowser } from '@/lib/yield-to-browser'

const FIRST_SCREEN_PATIENCE_MS = 10_000

/**
 * Start-up in short tasks (docs/performance.md, issue 36): what the network can do starts first
 * (the address's screen chunks and, signed in, the session check), then the browser gets a turn
 * between evaluating the modules, building the theme and the first render, which React renders in
 * a transition so that it too yields. A phone's main thread never blocks for the whole start-up
 * at once, and a tap during it is answered.
 */
async function start() {
  const router = createBrowserRouter(routes)
  installAuthFailureHandler(queryClient, router.navigate)
  // Each step its own task: evaluating the modules, asking for the screen's code (a link element
  // per chunk) and data, building the theme.
  await yieldToBrowser()
  const signedIn = getToken() !== null
  if (signedIn) void queryClient.prefetchQuery(meQueryOptions())
  preloadScreensAt(routes, window.location, signedIn ? queryClient : undefined)
  await yieldToBrowser()
  appSystem()
  await yieldToBrowser()
  // Keep this tree in step with src/prerender/entry.tsx's, which renders the signed-out pages at build time.
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </AppProvider>
    </StrictMode>
  )
  const container = document.getElementById('root')!
  // A page prerendered for this very address is hydrated in place for a signed-out visitor. With a
  // session (the page redirects; public/theme-init.js has kept it hidden) or another query, the app
  // renders afresh, and the prerendered markup goes, with the attribute the hiding rule keys on.
  if (container.dataset.prerendered === `${location.pathname}${location.search}` && getToken() === null) {
    startTransition(() => void hydrateRoot(container, app))
  } else {
    container.replaceChildren()
    delete container.dataset.prerendered
    const root = createRoot(container)
    startTransition(() => root.render(app))
  }
  // The service worker (and workbox-window with it) once the page has settled: it only matters
  // for the next visit and for updates, never for this first screen.
  whenIdleAfterFirstScreen(() => void import('@/lib/pwa/register').then(({ registerServiceWorker }) => registerServiceWorker()))
  // Should no screen say it has shown (a screen's code failing to load, its data never answering),
  // what waits for the first screen does not wait for ever.
  setTimeout(() => markFirstScreenShown({ evenIfHeld: true }), FIRST_SCREEN_PATIENCE_MS)
}

void start()
