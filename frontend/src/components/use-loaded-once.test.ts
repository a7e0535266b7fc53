import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useLoadedOnce } from './use-loaded-once'

describe('useLoadedOnce', () => {
  it('waits for every query, then stays loaded when one is pending again', () => {
    const { result, rerender } = renderHook((pending: boolean[]) => useLoadedOnce(...pending.map((p) => ({ isPending: p }))), {
      initialProps: [true, true],
    })
    expect(result.current).toBe(false)
    rerender([false, true])
    expect(result.current).toBe(false)
    rerender([false, false])
    expect(result.current).toBe(true)
    rerender([true, false])
    expect(result.current).toBe(true)
  })
})
