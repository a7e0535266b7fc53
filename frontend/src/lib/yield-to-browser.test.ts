import { afterEach, describe, expect, it, vi } from 'vitest'
import { yieldToBrowser } from './yield-to-browser'

describe('yieldToBrowser', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldNow = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: yieldNow })
    await yieldToBrowser()
    expect(yieldNow).toHaveBeenCalledOnce()
  })

  it('otherwise resumes in a later task, after the work already queued', async () => {
    vi.stubGlobal('scheduler', undefined)
    const order: string[] = []
    setTimeout(() => order.push('queued task'), 0)
    const resumed = yieldToBrowser().then(() => order.push('resumed'))
    queueMicrotask(() => order.push('microtask'))
    await resumed
    expect(order).toEqual(['microtask', 'queued task', 'resumed'])
  })
})
