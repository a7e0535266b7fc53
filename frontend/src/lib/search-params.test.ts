import { describe, expect, it, vi } from 'vitest'
import type { SetURLSearchParams } from 'react-router'
import { replaceSearchParam } from './search-params'

/** Calls the helper with a fake setter and answers what it would make of `before`. */
function apply(before: string, key: string, value: string) {
  const set = vi.fn()
  replaceSearchParam(set as unknown as SetURLSearchParams, key, value)
  expect(set).toHaveBeenCalledTimes(1)
  const [update, options] = set.mock.calls[0] as [(prev: URLSearchParams) => URLSearchParams, unknown]
  const prev = new URLSearchParams(before)
  const next = update(prev)
  return { next: next.toString(), prev: prev.toString(), options }
}

describe('replaceSearchParam', () => {
  it('sets a value and keeps the other parameters, replacing the history entry', () => {
    const { next, options } = apply('year=2026&month=5', 'account', 'acc-1')
    expect(next).toBe('year=2026&month=5&account=acc-1')
    expect(options).toEqual({ replace: true })
  })

  it('changes a value that is already there', () => {
    expect(apply('year=2026&month=5', 'month', '7').next).toBe('year=2026&month=7')
  })

  it('removes the parameter when the value is empty', () => {
    expect(apply('accountId=acc-1&x=1', 'accountId', '').next).toBe('x=1')
  })

  it('does not change the parameters it was given', () => {
    expect(apply('month=5', 'month', '6').prev).toBe('month=5')
  })
})
