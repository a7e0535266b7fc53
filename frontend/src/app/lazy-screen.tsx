// oxlint-disable react/only-export-components -- the router's machinery: its components are
// made per route and never edited live, so Fast Refresh does not matter here.
import type { QueryClient } from '@tanstack/react-query'
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { type Location, matchRoutes, type RouteObject, useMatches } from 'react-router'
import { FullPageSpinner } from '@/components/full-page-spinner'
import { useMarkFirstScreenShown } from '@/lib/first-screen'

type ScreenHandle = {
  preload: () => Promise<unknown>
  prefetch: (queryClient: QueryClient) => Promise<void>
}
/** What a module of ./routes may export beside its screen: asks for the screen's first data. */
type Prefetch = (queryClient: QueryClient) => void
const preloads: ScreenHandle['preload'][] = []

/**
 * A route whose component, the export `name` of one module of ./routes, loads on the first visit
 * (and its screen's code with it), so the first load holds only the shell, the guards and the
 * session check. `handle.preload` starts that load early: PreloadMatchedScreens does so for the
 * screens of the address, alongside the session check rather than after it. A screen already
 * loaded renders at once, without a spinner. While one loads, `fallback` shows: the full-page
 * spinner by default; nothing for a screen inside the app shell, where a spinner the height of
 * the page would be pushed about as the shell settles (Lighthouse counted that as layout shift).
 */
export function screen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = <FullPageSpinner />,
  { layout = false }: { layout?: boolean } = {},
) {
  let loaded: ComponentType | undefined
  let loading: Promise<M> | undefined
  const loadModule = () => (loading ??= load())
  const preload = () => loadModule().then((module) => (loaded = module[name] as ComponentType))
  const prefetch = (queryClient: QueryClient) =>
    loadModule().then((module) => (module as { prefetch?: Prefetch }).prefetch?.(queryClient))
  const Lazy = lazy(async () => ({ default: await preload() }))
  function Screen() {
    // Chosen once per mount, so the page is not remounted when its code arrives.
    const [Component] = useState(() => loaded ?? Lazy)
    return (
      <Suspense fallback={fallback}>
        <Component />
        {/* Commits with the screen's content, not with the fallback; a layout's content is
            only its frame, so its screen inside says when the visit's first screen is shown. */}
        {layout ? null : <FirstScreenMark />}
      </Suspense>
    )
  }
  preloads.push(preload)
  return { element: <Screen />, handle: { preload, prefetch } satisfies ScreenHandle }
}

function FirstScreenMark() {
  useMarkFirstScreenShown()
  return null
}

/** Loads the code of every screen (the tests, so that routes render without waiting). */
export const preloadAllScreens = () => Promise.all(preloads.map((preload) => preload()))

const preloadHandle = (handle: unknown) => void (handle as ScreenHandle | undefined)?.preload?.()

/**
 * Starts loading the code of the screens of `location` at once, before the app has rendered
 * (main.tsx), so their chunks download while the browser evaluates the entry and builds the theme;
 * given a signed-in visitor's query client, it also asks for the data the screens show first,
 * when their module says what that is (an export named `prefetch`).
 */
export function preloadScreensAt(routes: RouteObject[], location: Partial<Location>, signedIn?: QueryClient) {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    preloadHandle(route.handle)
    if (signedIn) void (route.handle as ScreenHandle | undefined)?.prefetch(signedIn)
  }
}

/** Starts loading the code of the address's screens (see `screen`) as the address changes. */
export function PreloadMatchedScreens() {
  const matches = useMatches()
  useEffect(() => {
    for (const { handle } of matches) preloadHandle(handle)
  }, [matches])
  return null
}
