import type { QueryClient } from '@tanstack/react-query'
import { endSession } from '@/features/auth/session'
import { setAuthFailureHandler } from '@/lib/api/client'
import { loginPathFor } from './routing-rules'

type Navigate = (
  to: string,
  options?: { replace?: boolean; flushSync?: boolean },
) => Promise<void> | void

/**
 * Wires the api client's global auth rules to the app. The client
 * has already cleared the token, which the guards read as signed out; the
 * router moves first and the cached user is dropped once it has arrived, so
 * the page being left never redirects elsewhere on its own (to / for instance).
 * An expired session goes to /login with the page it was on as '?next=', so
 * signing in again leads back there.
 */
export function installAuthFailureHandler(queryClient: QueryClient, navigate: Navigate): void {
  setAuthFailureHandler((failure) => {
    const { pathname, search, hash } = window.location
    const target =
      failure === 'disabled' ? '/account-disabled' : loginPathFor(`${pathname}${search}${hash}`)
    // flushSync: render the new page at once, not in a transition, so no
    // render of the old page can run in between with the token gone.
    void Promise.resolve(navigate(target, { replace: true, flushSync: true })).then(() =>
      endSession(queryClient),
    )
  })
}
