import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { formatLondonDateTime } from '@/lib/format'
import { useOnline } from '@/lib/use-online'
import { whenIdle } from '@/lib/when-idle'
import { type FiguresState, figuresState } from './kept-figures'

/**
 * Keeps the dashboard's figures on the device while the page is open, and puts the kept ones in
 * when the server cannot be reached. The code that touches the device's database loads when the
 * browser is idle, out of the first load; offline it is needed at once, so it loads at once.
 */
export function useKeptFigures(): void {
  const queryClient = useQueryClient()
  const online = useOnline()
  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    const start = () => {
      void import('../lib/keep-figures').then(({ keepFigures }) => {
        if (!cancelled) stop = keepFigures(queryClient)
      })
    }
    let cancelIdle = () => {}
    if (online) cancelIdle = whenIdle(start)
    else start()
    return () => {
      cancelled = true
      cancelIdle()
      stop?.()
    }
    // Going offline starts it at once (the page may have opened online a moment ago).
  }, [queryClient, online])
}

/** The dashboard's figures now: live, or from the device while offline or unreachable. */
export function useFiguresState(): FiguresState {
  const queryClient = useQueryClient()
  const online = useOnline()
  const text = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => {
      const state = figuresState(queryClient, online)
      return `${state.mode}|${state.since}`
    },
    () => 'live|0',
  )
  const [mode, since] = text.split('|')
  return { mode: mode as FiguresState['mode'], since: Number(since) }
}

/** The notice's words: why the figures may be old, and from when they are. */
export function figuresNotice({ mode, since }: FiguresState): string | null {
  if (mode === 'live') return null
  const why = mode === 'offline' ? 'You are offline.' : 'The server cannot be reached.'
  if (since > 0) return `${why} Showing figures from ${formatLondonDateTime(new Date(since).toISOString())}.`
  return mode === 'offline' ? `${why} No figures are kept on this device yet; they show once you are back online.` : null
}
