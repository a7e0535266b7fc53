import { type ReactNode, useEffect, useRef, useState } from 'react'

type WhenInViewProps = {
  /** Holds the place until then, as tall as what comes (a skeleton), so nothing below moves. */
  fallback: ReactNode
  children: ReactNode
  /** How near the viewport the place may come before the part is put in. */
  margin?: string
}

/**
 * A part far below a screen's first view (a chart at the foot of the dashboard), put in once its
 * place comes within `margin` of the viewport, and kept from then on: its code and its first
 * render then cost nothing to a visit that never scrolls to it, and the first screen's main thread
 * stays free (issue 36). Without IntersectionObserver the part is put in at once.
 */
export function WhenInView({ fallback, children, margin = '200px' }: WhenInViewProps) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const box = place.current
    if (near || !box) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(box)
    return () => observer.disconnect()
  }, [near, margin])
  return near ? children : <div ref={place}>{fallback}</div>
}
