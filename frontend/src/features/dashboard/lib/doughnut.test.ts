import { describe, expect, it } from 'vitest'
import { doughnutArcs } from './doughnut'
import type { PieSlice } from './figures'

const slice = (id: string, value: number): PieSlice => ({ id, label: id, value, color: '#123456', percent: '' })
const geometry = { outer: 92, inner: 53, padDegrees: 1 }

describe('doughnutArcs', () => {
  it('runs clockwise from twelve o\'clock, each slice as wide as its share', () => {
    const [travel, groceries] = doughnutArcs([slice('Travel', 7_500), slice('Groceries', 2_500)], geometry)
    expect(travel!.degrees).toBe(270)
    expect(groceries!.degrees).toBe(90)
    // Travel's middle, at 135°, is down and to the right of the centre; Groceries', at 315°, up
    // and to the left.
    const mid = (92 + 53) / 2
    expect(travel!.centroid[0]).toBeCloseTo(mid * Math.sin((135 * Math.PI) / 180), 1)
    expect(travel!.centroid[1]).toBeCloseTo(-mid * Math.cos((135 * Math.PI) / 180), 1)
    expect(groceries!.centroid[0]).toBeLessThan(0)
    expect(groceries!.centroid[1]).toBeLessThan(0)
    // Travel, past half the ring, takes the large arc, half a degree in from each end; Groceries
    // does not.
    expect(travel!.path).toBe('M0.8 -92A92 92 0 1 1 -92 0.8L-53 0.46A53 53 0 1 0 0.46 -53Z')
    expect(groceries!.path).toMatch(/A92 92 0 0 1 /)
  })

  it('draws a single slice as the whole ring with its hole', () => {
    const [only] = doughnutArcs([slice('Rent', 95_000)], geometry)
    expect(only!.degrees).toBe(360)
    expect(only!.path).toBe(
      'M0 -92A92 92 0 1 1 0 92A92 92 0 1 1 0 -92ZM0 -53A53 53 0 1 0 0 53A53 53 0 1 0 0 -53Z',
    )
  })

  it('pushes the active slice out, and keeps a hairline for a slice narrower than its gap', () => {
    const arcs = doughnutArcs([slice('Big', 1_000_000), slice('Tiny', 1)], geometry)
    expect(arcs[0]!.activePath(6)).toContain('A98 98 0 1 1')
    expect(arcs[1]!.degrees).toBeLessThan(0.001)
    expect(arcs[1]!.path).toMatch(/^M/)
  })

  it('draws nothing for nothing', () => {
    expect(doughnutArcs([], geometry)).toEqual([])
  })
})
