type Scheduler = { yield?: () => Promise<void> }

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between: `scheduler.yield()` where the browser has it (Chromium 129+, which resumes ahead of
 * other queued tasks), otherwise a zero-delay timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
