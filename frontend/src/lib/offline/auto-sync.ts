import type { FlushResult, OfflineQueue } from './queue'

export type AutoSyncOptions = {
  /** The first wait after a replay stopped; doubled after each further stop. */
  firstDelayMs?: number
  maxDelayMs?: number
}

export type AutoSync = {
  /** Replays now (a change was just made, the app started); later tries are scheduled as needed. */
  kick: () => Promise<FlushResult>
  stop: () => void
}

/**
 * When the queue is replayed: at once when started, whenever the browser comes back online,
 * and after a stopped replay on a timer with exponential backoff (5 s, 10 s, 20 s … 5 min),
 * since `online` is not fired when the signal returns behind a captive portal or a server restart
 * ends. The backoff starts again after a replay that got through.
 */
export function startAutoSync(
  queue: OfflineQueue,
  { firstDelayMs = 5_000, maxDelayMs = 300_000 }: AutoSyncOptions = {},
): AutoSync {
  let delay = firstDelayMs
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false

  const schedule = () => {
    if (timer !== null || stopped) return
    timer = setTimeout(() => {
      timer = null
      void kick()
    }, delay)
    delay = Math.min(delay * 2, maxDelayMs)
  }

  const kick = async (): Promise<FlushResult> => {
    if (timer !== null) {
      clearTimeout(timer)
      timer = null
    }
    const result = await queue.flush()
    if (result.stopped) schedule()
    else delay = firstDelayMs
    return result
  }

  const onOnline = () => {
    delay = firstDelayMs
    void kick()
  }
  window.addEventListener('online', onOnline)
  void kick()

  return {
    kick,
    stop: () => {
      stopped = true
      window.removeEventListener('online', onOnline)
      if (timer !== null) clearTimeout(timer)
      timer = null
    },
  }
}
