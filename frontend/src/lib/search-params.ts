import type { SetURLSearchParams } from 'react-router'

/**
 * Sets one filter of the address (or removes it when `value` is empty), keeping the others and
 * replacing the history entry, so Back leaves the screen instead of stepping through choices.
 * `set` is the setter of react-router's `useSearchParams()`.
 */
export function replaceSearchParam(set: SetURLSearchParams, key: string, value: string): void {
  set(
    (prev) => {
      const next = new URLSearchParams(prev)
      if (value) next.set(key, value)
      else next.delete(key)
      return next
    },
    { replace: true },
  )
}
