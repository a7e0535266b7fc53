import { useEffect, useRef } from 'react'
import { usePlaidLink } from 'react-plaid-link'
import type { Institution } from '../api/types'

export type PlaidLinkLauncherProps = {
  token: string
  /**
   * Set when resuming after a bank's OAuth redirect: the address the bank brought the browser
   * back to (with its oauth_state_id), for Link to carry on where it left off with `token`.
   */
  receivedRedirectUri?: string
  /** Plaid Link is opening (called just before it does; the app's own dialog steps aside for it). */
  onOpen: () => void
  /** `publicToken` may be null in update mode (reconnecting), where there is nothing to exchange. */
  onSuccess: (publicToken: string | null, institution: Institution | null) => void
  /** The user left Link; `failed` when Link reported an error on the way out. */
  onExit: (failed: boolean) => void
  /** Plaid's script could not be loaded. */
  onLoadError: () => void
}

/**
 * Opens Plaid Link with the token as soon as its script is ready; renders nothing. This module
 * (and react-plaid-link with it) is loaded only when a Plaid link token arrives.
 */
export default function PlaidLinkLauncher(props: PlaidLinkLauncherProps) {
  // Link keeps the callbacks it was created with (it is re-created only for a new token).
  const latest = useRef(props)
  useEffect(() => {
    latest.current = props
  })
  const { receivedRedirectUri } = props
  const { open, ready, error } = usePlaidLink({
    token: props.token,
    ...(receivedRedirectUri ? { receivedRedirectUri } : {}),
    onSuccess: (publicToken, metadata) => latest.current.onSuccess(publicToken, metadata.institution),
    onExit: (exitError) => latest.current.onExit(exitError !== null),
  })
  const opened = useRef(false)

  useEffect(() => {
    if (error) latest.current.onLoadError()
  }, [error])

  useEffect(() => {
    if (!ready || opened.current) return
    opened.current = true
    // First: it saves the token, which a bank's OAuth redirect (leaving the page) needs.
    latest.current.onOpen()
    open()
  }, [ready, open])

  return null
}
