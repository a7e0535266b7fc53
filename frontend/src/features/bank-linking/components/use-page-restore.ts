import { useEffect, useRef } from 'react'

/**
 * Calls `onRestore` when the browser shows this page again from its back-forward cache: Back from
 * Enable Banking's page brings the page back as it was left, mid-departure, so whatever said "on
 * the way to the bank" must be undone for the user to try again.
 */
export function usePageRestore(onRestore: () => void) {
  const latest = useRef(onRestore)
  useEffect(() => {
    latest.current = onRestore
  })
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current()
    }
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])
}
