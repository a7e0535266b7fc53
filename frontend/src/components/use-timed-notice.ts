import { useCallback, useEffect, useRef, useState } from 'react'

/** Notices on the detail pages last 3 seconds. */
export const NOTICE_DURATION_MS = 3000

export type NoticeStatus = 'success' | 'error' | 'info'
export type NoticeState = { message: string; status: NoticeStatus } | null

/** A short-lived message: `show` replaces the current one, which hides itself after `durationMs`. */
export function useTimedNotice(durationMs: number = NOTICE_DURATION_MS) {
  const [notice, setNotice] = useState<NoticeState>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setNotice(null)
  }, [])

  const show = useCallback(
    (message: string, status: NoticeStatus = 'success') => {
      clearTimeout(timer.current)
      setNotice({ message, status })
      timer.current = setTimeout(() => setNotice(null), durationMs)
    },
    [durationMs],
  )

  useEffect(() => () => clearTimeout(timer.current), [])

  return { notice, show, clear }
}
