// oxlint-disable react/only-export-components -- the router's machinery: its components are
// made per route and never edited live, so Fast Refresh does not matter here.
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useMatches } from 'react-router'
import { FullPageSpinner } from '@/components/full-page-spinner'

type ScreenHandle = { preload: () => Promise<unknown> }
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
) {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () =>
    (loading ??= load().then((module) => (loaded = module[name] as ComponentType)))
  const Lazy = lazy(async () => ({ default: await preload() }))
  function Screen() {
    // Chosen once per mount, so the page is not remounted when its code arrives.
    const [Component] = useState(() => loaded ?? Lazy)
    return (
      <Suspense fallback={fallback}>
        <Component />
      </Suspense>
    )
  }
  preloads.push(preload)
  return { element: <Screen />, handle: { preload } satisfies ScreenHandle }
}

/** Loads the code of every screen (the tests, so that routes render without waiting). */
export const preloadAllScreens = () => Promise.all(preloads.map((preload) => preload()))

/** Starts loading the code of the address's screens (see `screen`). */
export function PreloadMatchedScreens() {
  const matches = useMatches()
  useEffect(() => {
    for (const { handle } of matches) void (handle as ScreenHandle | undefined)?.preload?.()
  }, [matches])
  return null
}
