import { act, render, screen } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  afterFirstScreen,
  markFirstScreenShown,
  resetFirstScreenForTests,
  useAfterFirstPaint,
  useAfterFirstScreen,
  useFirstScreenWaitsFor,
  whenIdleAfterFirstScreen,
} from './first-screen'

beforeEach(() => resetFirstScreenForTests())
afterEach(() => {
  // Other test files share this module: leave it as a visit whose screen has shown.
  markFirstScreenShown()
  vi.useRealTimers()
})

describe('afterFirstScreen', () => {
  it('waits for the first screen, runs once, and at once after it', () => {
    const work = vi.fn()
    afterFirstScreen(work)
    expect(work).not.toHaveBeenCalled()
    markFirstScreenShown()
    markFirstScreenShown()
    expect(work).toHaveBeenCalledOnce()
    const later = vi.fn()
    afterFirstScreen(later)
    expect(later).toHaveBeenCalledOnce()
  })

  it('can be cancelled before the screen shows', () => {
    const work = vi.fn()
    const cancel = afterFirstScreen(work)
    cancel()
    markFirstScreenShown()
    expect(work).not.toHaveBeenCalled()
  })
})

describe('whenIdleAfterFirstScreen', () => {
  it('waits for the first screen and then for an idle moment', () => {
    vi.useFakeTimers()
    const work = vi.fn()
    whenIdleAfterFirstScreen(work)
    vi.advanceTimersByTime(10_000)
    expect(work).not.toHaveBeenCalled()
    markFirstScreenShown()
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10_000)
    expect(work).toHaveBeenCalledOnce()
  })
})

function AfterPaint() {
  return <p>{useAfterFirstPaint() ? 'painted' : 'first render'}</p>
}

function AfterScreen() {
  return <p>{useAfterFirstScreen() ? 'after the screen' : 'before the screen'}</p>
}

describe('useAfterFirstPaint', () => {
  it('is false for the first render and true once it has painted', async () => {
    markFirstScreenShown()
    render(<AfterPaint />)
    expect(screen.getByText('first render')).toBeInTheDocument()
    expect(await screen.findByText('painted')).toBeInTheDocument()
  })

  it('lets the parts waiting for it in one at a time, each in a render of its own, in order', async () => {
    const seen: string[] = []
    function Part({ name }: { name: string }) {
      const painted = useAfterFirstPaint()
      useEffect(() => {
        // What the other parts show as this one comes in.
        if (painted) seen.push(`${name} in; ${[...document.querySelectorAll('p')].map((p) => p.textContent).join(', ')}`)
      }, [painted, name])
      return <p>{`${name}: ${painted ? 'in' : 'waiting'}`}</p>
    }
    markFirstScreenShown()
    render(
      <>
        <Part name="chart" />
        <Part name="overview" />
        <Part name="goals" />
      </>,
    )
    await screen.findByText('goals: in')
    expect(seen).toEqual([
      'chart in; chart: in, overview: waiting, goals: waiting',
      'overview in; chart: in, overview: in, goals: waiting',
      'goals in; chart: in, overview: in, goals: in',
    ])
  })
})

describe('useAfterFirstScreen', () => {
  it('is false until the first screen has shown, then true', async () => {
    render(<AfterScreen />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByText('before the screen')).toBeInTheDocument()
    act(() => markFirstScreenShown())
    expect(await screen.findByText('after the screen')).toBeInTheDocument()
  })
})

/** A screen's content that comes with its data, holding the first screen's mark until then. */
function Figures({ loaded }: { loaded: boolean }) {
  useFirstScreenWaitsFor(!loaded)
  return <p>{loaded ? 'figures' : 'loading figures'}</p>
}

describe('useFirstScreenWaitsFor', () => {
  it('holds the first screen, and the parts below the fold, until its content has come and painted', async () => {
    const { rerender } = render(
      <>
        <Figures loaded={false} />
        <AfterPaint />
      </>,
    )
    const shown = vi.fn()
    afterFirstScreen(shown)
    // The screen says it has shown (lazy-screen.tsx), but its figures have not come.
    markFirstScreenShown()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(shown).not.toHaveBeenCalled()
    expect(screen.getByText('first render')).toBeInTheDocument()

    rerender(
      <>
        <Figures loaded />
        <AfterPaint />
      </>,
    )
    // The mark comes after the frame with the figures has painted, not with the render.
    expect(shown).not.toHaveBeenCalled()
    expect(await screen.findByText('painted')).toBeInTheDocument()
    expect(shown).toHaveBeenCalledOnce()
  })

  it("lets main.tsx's patience mark the screen even while held", () => {
    render(<Figures loaded={false} />)
    const shown = vi.fn()
    afterFirstScreen(shown)
    markFirstScreenShown()
    expect(shown).not.toHaveBeenCalled()
    markFirstScreenShown({ evenIfHeld: true })
    expect(shown).toHaveBeenCalledOnce()
  })

  it('lets the screen be marked once the part goes before its content came', async () => {
    const { unmount } = render(<Figures loaded={false} />)
    const shown = vi.fn()
    afterFirstScreen(shown)
    markFirstScreenShown()
    unmount()
    await vi.waitFor(() => expect(shown).toHaveBeenCalledOnce())
  })

  it('does nothing after the first screen', () => {
    markFirstScreenShown()
    render(<Figures loaded={false} />)
    const later = vi.fn()
    afterFirstScreen(later)
    expect(later).toHaveBeenCalledOnce()
  })
})
