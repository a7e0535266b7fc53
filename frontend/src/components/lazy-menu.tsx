import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { whenIdleAfterFirstScreen } from '@/lib/first-screen'

type LazyMenuProps = {
  /** Starts loading the menu's code; called when the browser is first idle, so a click finds it there. */
  preload: () => Promise<unknown>
  /**
   * The stand-in: a button that looks exactly like the menu's trigger, given what to do when it
   * is clicked. It has no menu behind it until then.
   */
  standIn: (open: () => void) => ReactNode
  /** The real menu (a lazy component), rendered opened on the first click and kept from then on. */
  children: ReactNode
}

/**
 * A menu whose code (Zag's menu machine and floating-ui, ~20 kB gzip) loads on first use rather
 * than with the page that offers it, and which renders nothing but its trigger until then (a menu
 * mounts its machine and its hidden items with the page). See docs/performance.md, issue 15.
 */
export function LazyMenu({ preload, standIn, children }: LazyMenuProps) {
  const [used, setUsed] = useState(false)
  useEffect(() => whenIdleAfterFirstScreen(() => void preload()), [preload])
  const button = standIn(() => setUsed(true))
  return used ? <Suspense fallback={button}>{children}</Suspense> : button
}
