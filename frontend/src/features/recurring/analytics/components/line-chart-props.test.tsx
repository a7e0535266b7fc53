import { render } from '@testing-library/react'
import { Line } from '@nivo/line'
import { describe, expect, it } from 'vitest'
import { type ChartSeries, lineProps } from './line-chart-props'
import { NO_DATA_COLOR } from './source-marker'

const ACTUAL = '#0d9488'

const series: ChartSeries[] = [
  {
    id: 'Actual amount',
    color: ACTUAL,
    data: [
      { x: 'Apr 26', y: 1000, source: 'snapshot' },
      { x: 'May 26', y: 1099, source: 'computed' },
      { x: 'Jun 26', y: 1099, source: 'no-data' },
    ],
  },
]

/** The chart as the page configures it, at a fixed size (ResponsiveLine measures 0 in jsdom). */
function draw(options: Parameters<typeof lineProps>[1]) {
  const { container } = render(<Line<ChartSeries> {...lineProps(series, options)} width={400} height={200} />)
  return [...container.querySelectorAll('[data-testid^="line.point."]')].map((p) => p.firstElementChild!)
}

describe('the recurring line chart', () => {
  it('draws each point by its source: a filled square, a hollow circle, a grey cross', () => {
    const [snapshot, computed, noData] = draw({ compact: false, markSources: true })
    expect(snapshot!.tagName).toBe('rect')
    expect(snapshot).toHaveAttribute('fill', ACTUAL)
    expect(computed!.tagName).toBe('circle')
    // Hollow: the card's colour, in either colour mode.
    expect((computed as SVGElement).style.fill).toBe('var(--chakra-colors-bg)')
    expect(computed).toHaveAttribute('stroke', ACTUAL)
    expect(noData!.tagName).toBe('g')
    expect(noData).toHaveAttribute('stroke', NO_DATA_COLOR)
    expect(noData!.querySelectorAll('line')).toHaveLength(2)
  })

  it('draws plain filled dots without source markers', () => {
    const points = draw({ compact: true })
    expect(points.map((p) => p.tagName)).toEqual(['circle', 'circle', 'circle'])
    expect(points[0]).toHaveAttribute('fill', ACTUAL)
  })
})
