import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WhenInView } from './when-in-view'

/** A stand-in IntersectionObserver (jsdom has none) the test moves into view by hand. */
class FakeObserver {
  static last: FakeObserver | undefined
  observed: Element[] = []
  disconnected = false
  readonly callback: IntersectionObserverCallback
  readonly options?: IntersectionObserverInit
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback
    this.options = options
    FakeObserver.last = this
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  scrollIntoView(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.last = undefined
})

describe('WhenInView', () => {
  it('holds the place until it comes near the viewport, then keeps the part', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(
      <WhenInView fallback={<p>placeholder</p>}>
        <p>chart</p>
      </WhenInView>,
    )
    expect(screen.getByText('placeholder')).toBeInTheDocument()
    const observer = FakeObserver.last!
    expect(observer.options?.rootMargin).toBe('200px')
    act(() => observer.scrollIntoView(false))
    expect(screen.queryByText('chart')).not.toBeInTheDocument()
    act(() => observer.scrollIntoView(true))
    expect(screen.getByText('chart')).toBeInTheDocument()
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument()
    expect(observer.disconnected).toBe(true)
  })

  it('puts the part in at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(
      <WhenInView fallback={<p>placeholder</p>}>
        <p>chart</p>
      </WhenInView>,
    )
    expect(screen.getByText('chart')).toBeInTheDocument()
  })
})
