import type { DotsItemSymbolProps } from '@nivo/core'
import type { TrendSource } from '../lib/analytics'

/** The colour of a 'no data' marker: grey, as nothing was made. */
export const NO_DATA_COLOR = '#6b7280'

type ShapeProps = { source: TrendSource; color: string; size: number }

/**
 * A trend point's marker, centred on 0,0 (nivo translates it onto the point): a filled square
 * for a snapshot (finalised) month, a hollow circle for a computed one, a grey cross for a month
 * without data. Shapes differ, not only colours, so the difference survives colour blindness.
 */
export function SourceShape({ source, color, size }: ShapeProps) {
  const r = size / 2
  if (source === 'snapshot') {
    return <rect x={-r} y={-r} width={size} height={size} rx={1} fill={color} stroke={color} strokeWidth={1} />
  }
  if (source === 'no-data') {
    const d = r * 0.8
    return (
      <g stroke={NO_DATA_COLOR} strokeWidth={2} strokeLinecap="round">
        <line x1={-d} y1={-d} x2={d} y2={d} />
        <line x1={-d} y1={d} x2={d} y2={-d} />
      </g>
    )
  }
  // Hollow: filled with the card's colour (a CSS variable, so it follows the colour mode).
  return <circle r={r - 1} style={{ fill: 'var(--chakra-colors-bg)' }} stroke={color} strokeWidth={2} />
}

/** The marker on its own, for the legend under the chart. */
export function SourceMarker({ source, color }: { source: TrendSource; color: string }) {
  return (
    <svg width="14" height="14" viewBox="-7 -7 14 14" aria-hidden="true" style={{ flexShrink: 0 }}>
      <SourceShape source={source} color={color} size={10} />
    </svg>
  )
}

type SourcedDatum = { source?: TrendSource }

/**
 * A nivo line point drawn by its data source. nivo 0.99 types the symbol's datum as the Point but
 * passes the point's data (see the Points layer of @nivo/line), so the source is read from either.
 */
export function SourceSymbol({ datum, size, color }: DotsItemSymbolProps<SourcedDatum | { data: SourcedDatum }>) {
  const data = 'data' in datum ? datum.data : datum
  return <SourceShape source={data.source ?? 'computed'} color={color} size={size} />
}
