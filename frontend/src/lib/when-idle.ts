/**
 * Runs `work` once the browser is idle (after a short delay where there is no idle callback, as
 * in Safari); returns what cancels it, for an effect's clean-up.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 5000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(work, 1500)
  return () => window.clearTimeout(id)
}
