import type { ReactNode } from 'react'
import { useAfterFirstPaint } from '@/lib/first-screen'

type AfterFirstPaintProps = {
  /** Shown until then: a skeleton the size of what comes, or nothing. */
  fallback?: ReactNode
  children: ReactNode
}

/**
 * A part of a screen below its first view, put in once the screen has painted and it is this
 * part's turn (useAfterFirstPaint): its code, data and rendering then do not hold up the first
 * paint, nor each other's.
 */
export function AfterFirstPaint({ fallback = null, children }: AfterFirstPaintProps) {
  return useAfterFirstPaint() ? children : fallback
}
