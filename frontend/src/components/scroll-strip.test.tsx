import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { fadeMask, stripEdges } from './scroll-edges'
import { ScrollStrip } from './scroll-strip'

afterEach(() => vi.restoreAllMocks())

describe('stripEdges', () => {
  it.each([
    ['everything fits', { scrollLeft: 0, scrollWidth: 300, clientWidth: 300 }, { start: false, end: false }],
    ['at the start of a longer row', { scrollLeft: 0, scrollWidth: 600, clientWidth: 300 }, { start: false, end: true }],
    ['half way', { scrollLeft: 150, scrollWidth: 600, clientWidth: 300 }, { start: true, end: true }],
    ['at the end', { scrollLeft: 300, scrollWidth: 600, clientWidth: 300 }, { start: true, end: false }],
    ['within a pixel of the end (a fractional scroll)', { scrollLeft: 299.5, scrollWidth: 600, clientWidth: 300 }, { start: true, end: false }],
  ])('%s', (_, el, edges) => {
    expect(stripEdges(el)).toEqual(edges)
  })
})

describe('fadeMask', () => {
  it('is none when nothing is hidden', () => {
    expect(fadeMask({ start: false, end: false })).toBeUndefined()
  })

  it('fades only the ends that hide more', () => {
    const end = fadeMask({ start: false, end: true })!
    expect(end).toMatch(/^linear-gradient\(to right, black 0, black calc\(100% - [\d.]+rem\), rgba\(0, 0, 0, 0\.15\) 100%\)$/)
    const start = fadeMask({ start: true, end: false })!
    expect(start).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\.15\) 0, black [\d.]+rem, black 100%\)$/)
  })
})

describe('ScrollStrip', () => {
  /** A strip 300 px wide holding 600 px of tiles. */
  function narrowStrip() {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300)
    renderWithProviders(
      <ScrollStrip as="section" aria-label="Tiles" data-testid="strip">
        <div>One</div>
        <div>Two</div>
      </ScrollStrip>,
    )
    return screen.getByTestId('strip')
  }

  it('marks the end that hides more, and the start once scrolled to the end', async () => {
    const strip = narrowStrip()
    expect(screen.getByRole('region', { name: 'Tiles' })).toBe(strip)
    await waitFor(() => expect(strip).toHaveAttribute('data-more-end'))
    expect(strip).not.toHaveAttribute('data-more-start')

    strip.scrollLeft = 300
    fireEvent.scroll(strip)
    await waitFor(() => expect(strip).toHaveAttribute('data-more-start'))
    expect(strip).not.toHaveAttribute('data-more-end')
  })

  it('marks nothing when its items fit', () => {
    renderWithProviders(
      <ScrollStrip data-testid="strip">
        <div>One</div>
      </ScrollStrip>,
    )
    const strip = screen.getByTestId('strip')
    expect(strip).not.toHaveAttribute('data-more-end')
    expect(strip).not.toHaveAttribute('data-more-start')
  })
})
