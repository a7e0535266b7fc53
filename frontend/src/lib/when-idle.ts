type IdleOptions = {
  /** The longest to wait for an idle moment, in ms. */
  within?: number
  /** Where the browser has no idle callback (Safari; jsdom): the delay instead, in ms. */
  otherwiseAfter?: number
}

/**
 * Runs `work` once the browser is idle (after a short delay where there is no idle callback, as
 * in Safari); returns what cancels it, for an effect's clean-up.
 */
export function whenIdle(work: () => void, { within = 5000, otherwiseAfter = 1500 }: IdleOptions = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: within })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(work, otherwiseAfter)
  return () => window.clearTimeout(id)
}
