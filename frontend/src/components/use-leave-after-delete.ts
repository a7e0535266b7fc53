import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'

/**
 * A detail page after its record is deleted: `leave()` marks it deleted (so its actions turn off)
 * and, `delayMs` later, goes back to the list at `to`, replacing the page in the history.
 */
export function useLeaveAfterDelete(to: string, delayMs: number) {
  const navigate = useNavigate()
  const [deleted, setDeleted] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const leave = () => {
    setDeleted(true)
    timer.current = setTimeout(() => navigate(to, { replace: true }), delayMs)
  }
  return { deleted, leave }
}
