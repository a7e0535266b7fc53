/** A matchMedia where every min-width query matches, so a page renders its wide layout. */
export function wideScreenMatchMedia(query: string): MediaQueryList {
  return {
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList
}

/** A matchMedia for a screen `width` px wide: min-width queries (px, em or rem) match up to it. */
export function screenMatchMedia(width: number): (query: string) => MediaQueryList {
  return (query: string) => {
    const found = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query)
    const min = found ? Number(found[1]) * (found[2] === 'px' ? 1 : 16) : Infinity
    return { ...wideScreenMatchMedia(query), matches: min <= width }
  }
}
