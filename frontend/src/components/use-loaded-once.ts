import { useState } from 'react'

/**
 * Whether a form's choices have loaded: false while any of the queries is pending, then true for
 * good. Latched, so a failed load shows the form with its error rather than loading again, and a
 * refetch never swaps the form for a spinner. (The selects only show a stored choice if their
 * options exist when they mount, so the form waits for them.)
 */
export function useLoadedOnce(...queries: readonly { isPending: boolean }[]): boolean {
  const [ready, setReady] = useState(false)
  if (!ready && queries.every((q) => !q.isPending)) setReady(true)
  return ready
}
