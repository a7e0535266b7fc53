/** The recurring analytics' nivo line settings; only the lazily loaded chart (and its test) import this file. */
import type { LineSvgProps } from '@nivo/line'
import { ChartSliceTooltip } from '@/components/chart-slice-tooltip'
import { SOURCE_NAME, spacedLabels, type TrendSource } from '../lib/analytics'
import { SourceSymbol } from './source-marker'

/** A month on the chart: its axis label and the amount in pence (null leaves a gap). */
export type ChartPoint = { x: string; y: number | null; source?: TrendSource }
export type ChartSeries = { id: string; color: string; data: ChartPoint[] }

/** '£1.2K' or '£10.99' for an axis tick given in pence. */
function compactPounds(pence: number): string {
  return `£${new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 2 }).format(pence / 100)}`
}

export type ChartOptions = {
  compact: boolean
  /** The y axis in pence; by default from zero (or the lowest value, if negative) upwards. */
  yRange?: { min: number; max: number }
  /** Draws each point by its data source (snapshot, computed, no data). */
  markSources?: boolean
}

/** The nivo line's props, apart from its size (a test draws them at a fixed size). */
export function lineProps(series: ChartSeries[], { compact, yRange, markSources = false }: ChartOptions): Omit<LineSvgProps<ChartSeries>, 'width' | 'height'> {
  const values = series.flatMap((s) => s.data.map((p) => p.y)).filter((y): y is number => y !== null)
  return {
    data: series,
    colors: (s) => s.color,
    margin: { top: 12, right: 28, bottom: 32, left: compact ? 52 : 68 },
    xScale: { type: 'point' },
    yScale: yRange
      ? { type: 'linear', min: yRange.min, max: yRange.max, nice: false }
      : { type: 'linear', min: Math.min(0, ...values), max: 'auto', nice: true },
    curve: 'monotoneX',
    lineWidth: 3,
    pointSize: markSources ? 10 : 8,
    pointBorderWidth: markSources ? 0 : 2,
    // The colour context of a point's fill is {series, point}; of its border, the point.
    pointColor: { from: 'series.color' },
    pointBorderColor: { from: 'seriesColor' },
    pointSymbol: markSources ? SourceSymbol : undefined,
    role: 'presentation',
    enableGridX: false,
    axisBottom: {
      tickSize: 0,
      tickPadding: 10,
      tickValues: spacedLabels(series[0]?.data.map((p) => p.x) ?? [], compact ? 4 : 12),
    },
    axisLeft: { tickSize: 0, tickPadding: 6, tickValues: 5, format: (v) => compactPounds(Number(v)) },
    useMesh: true,
    enableSlices: 'x',
    sliceTooltip: ({ slice }) => {
      const first = slice.points[0]?.data
      return (
        <ChartSliceTooltip
          title={`${String(first?.x ?? '')}${markSources && first?.source ? ` · ${SOURCE_NAME[first.source]}` : ''}`}
          points={slice.points}
        />
      )
    },
    animate: false,
  }
}

