import { createToaster } from '@chakra-ui/react'
import { NOTICE_DURATION_MS } from './use-timed-notice'

/**
 * The app's one channel for "it worked" notices after an add, edit, delete or
 * transfer. Bottom-end: the app has no bottom navigation and its primary
 * buttons sit in the page headers and dialog footers (dialogs close on
 * success), so the bottom edge is the one place a notice hides nothing.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  duration: NOTICE_DURATION_MS,
  max: 3,
  pauseOnPageIdle: true,
})

/**
 * Shows a short success notice (3 s, announced politely as a status). A new
 * notice replaces the one on screen, so quick actions never stack up over a phone's content.
 */
export function notifySuccess(message: string) {
  toaster.dismiss()
  toaster.create({ title: message, type: 'success', closable: true })
}
