import { lazy, Suspense, useEffect, useState } from 'react'
import { whenIdleAfterFirstScreen } from '@/lib/first-screen'
import { toaster } from './notify'

const loadToaster = () => import('./toaster')
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })))

/**
 * The Toaster (Zag's toast machine and its styles), mounted when the first notice is raised rather
 * than with the app: it then shows the notices already in the store. Its code loads when the
 * browser is first idle, so the first notice does not wait for it. See docs/performance.md, issue 15.
 */
export function LazyToaster() {
  const [raised, setRaised] = useState(() => toaster.getVisibleToasts().length > 0)
  useEffect(() => {
    if (raised) return
    // The store tells its subscribers of a notice before it lists it, so this does not read the list.
    const raise = () => setRaised(true)
    const stop = toaster.subscribe(raise)
    // One raised between the first render and this effect.
    if (toaster.getVisibleToasts().length > 0) queueMicrotask(raise)
    return stop
  }, [raised])
  useEffect(() => whenIdleAfterFirstScreen(() => void loadToaster()), [])
  return raised ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
