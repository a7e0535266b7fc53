import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React renders on the server (the build's prerender of the signed-out pages) and
 * while the browser hydrates that HTML; true otherwise, from the first render of a page rendered
 * in the browser alone. What comes from the visitor's device (today's date) is shown only once it
 * is true: rendered at build time it would differ from the browser's first render, and React would
 * throw the prerendered page away.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
