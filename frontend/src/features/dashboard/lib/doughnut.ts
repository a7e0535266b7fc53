import type { PieSlice } from './figures'

/** One slice of the doughnut, ready to draw in a frame centred on (0, 0), y pointing down. */
export type DoughnutArc = {
  slice: PieSlice
  /** The slice's outline. */
  path: string
  /** The outline with the outer edge pushed `offset` further out (the slice under the pointer). */
  activePath: (offset: number) => string
  /** The middle of the ring's band at the slice's middle angle: where its label goes. */
  centroid: [number, number]
  /** The slice's angle before padding, in degrees. */
  degrees: number
}

type Geometry = { outer: number; inner: number; padDegrees: number }

const TAU = 2 * Math.PI
const round = (n: number) => Math.round(n * 100) / 100

/** The point at `angle` radians clockwise from twelve o'clock, `radius` from the centre. */
function at(angle: number, radius: number): [number, number] {
  return [round(radius * Math.sin(angle)), round(-radius * Math.cos(angle))]
}

/** A band of the ring between two angles (clockwise from twelve o'clock) and two radii. */
function band(start: number, end: number, inner: number, outer: number): string {
  if (end - start >= TAU - 1e-9) {
    // The whole ring: two half circles out, two back in, the hole cut out by the even-odd rule.
    return `M0 ${-outer}A${outer} ${outer} 0 1 1 0 ${outer}A${outer} ${outer} 0 1 1 0 ${-outer}Z` +
      `M0 ${-inner}A${inner} ${inner} 0 1 0 0 ${inner}A${inner} ${inner} 0 1 0 0 ${-inner}Z`
  }
  const large = end - start > Math.PI ? 1 : 0
  const [ox0, oy0] = at(start, outer)
  const [ox1, oy1] = at(end, outer)
  const [ix1, iy1] = at(end, inner)
  const [ix0, iy0] = at(start, inner)
  return `M${ox0} ${oy0}A${outer} ${outer} 0 ${large} 1 ${ox1} ${oy1}L${ix1} ${iy1}A${inner} ${inner} 0 ${large} 0 ${ix0} ${iy0}Z`
}

/**
 * The doughnut's slices in order, clockwise from twelve o'clock, each as wide as its share of
 * the total (pence, so the shares are exact up to the drawing's rounding), with a gap of
 * `padDegrees` between neighbours. A slice too narrow for its gap keeps a hairline.
 */
export function doughnutArcs(slices: PieSlice[], { outer, inner, padDegrees }: Geometry): DoughnutArc[] {
  const total = slices.reduce((sum, s) => sum + s.value, 0)
  if (total <= 0) return []
  const pad = slices.length > 1 ? (padDegrees * Math.PI) / 180 : 0
  let start = 0
  return slices.map((slice) => {
    const span = (slice.value / total) * TAU
    const end = start + span
    const half = Math.min(pad / 2, span / 2 - 1e-4)
    const [a0, a1] = span > 2 * half ? [start + half, end - half] : [start, end]
    const middle = start + span / 2
    const arc: DoughnutArc = {
      slice,
      path: band(a0, a1, inner, outer),
      activePath: (offset) => band(a0, a1, inner, outer + offset),
      centroid: at(middle, (inner + outer) / 2),
      degrees: (span * 180) / Math.PI,
    }
    start = end
    return arc
  })
}
