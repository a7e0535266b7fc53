import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from './client'
import { newIdempotencyKey, useIdempotencyKey } from './idempotency'

describe('idempotency keys', () => {
  it('are 128 random bits in hex', () => {
    const a = newIdempotencyKey()
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(newIdempotencyKey()).not.toBe(a)
  })

  it('stay the same after a failure without an answer and change after an answer', () => {
    const { result } = renderHook(() => useIdempotencyKey())
    const first = result.current.key
    act(() => result.current.settle(new ApiError(0, undefined, 'The request timed out')))
    expect(result.current.key).toBe(first)
    act(() => result.current.settle(new ApiError(503, 'Busy')))
    expect(result.current.key).toBe(first)
    act(() => result.current.settle(new ApiError(400, 'Amount is required')))
    const second = result.current.key
    expect(second).not.toBe(first)
    act(() => result.current.settle())
    expect(result.current.key).not.toBe(second)
  })
})
