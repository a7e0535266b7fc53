import { useLayoutEffect, useRef } from 'react'

/**
 * Where focus goes when a dialog closes: back to what had it as the dialog opened (the button
 * that opened it), if that is still on the page; else the dialog's default. Pass the result as
 * Dialog.Root's `finalFocusEl`.
 */
export function useReturnFocus(open: boolean): () => HTMLElement | null {
  const openerRef = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      openerRef.current = document.activeElement
    }
  }, [open])
  return () => (openerRef.current?.isConnected ? openerRef.current : null)
}
