/** Which ends of a strip have more to scroll to. */
export type StripEdges = { start: boolean; end: boolean }

/** How far the fade reaches in from an edge with more behind it. */
const FADE = '2.5rem'
/** The strongest fade: what is under it still shows, faintly, so a peeking tile stays seen. */
const FADED = 'rgba(0, 0, 0, 0.15)'

/** The strip's ends that hide more (a pixel of slack for fractional scroll positions). */
export function stripEdges(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): StripEdges {
  const rest = el.scrollWidth - el.clientWidth - el.scrollLeft
  return { start: el.scrollLeft > 1, end: rest > 1 }
}

/** A mask that fades the ends hiding more; none when the whole strip shows. */
export function fadeMask({ start, end }: StripEdges): string | undefined {
  if (!start && !end) return undefined
  const from = start ? `${FADED} 0, black ${FADE}` : 'black 0'
  const to = end ? `black calc(100% - ${FADE}), ${FADED} 100%` : 'black 100%'
  return `linear-gradient(to right, ${from}, ${to})`
}
