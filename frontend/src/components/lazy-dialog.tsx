// oxlint-disable react/only-export-components -- makes components, is not one.
import { type ComponentType, lazy, Suspense, useState } from 'react'

const loaders: (() => Promise<unknown>)[] = []

/** Loads the code of every lazy dialog made so far (the tests, so that dialogs open at once). */
export const preloadLazyDialogs = () => Promise.all(loaders.map((load) => load()))

/**
 * A dialog whose code loads when it first opens rather than with the screen that offers it (a
 * screen renders its dialogs closed on every visit, so a static import would put their forms,
 * and zod and react-hook-form with them, into the screen's first load). Once opened it stays
 * mounted, so it still closes with its animation.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  loaders.push(load)
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open)
    if (props.open && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    )
  }
}
