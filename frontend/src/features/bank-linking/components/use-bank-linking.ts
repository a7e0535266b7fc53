import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type Location, type Path, useLocation, useNavigate } from 'react-router'
import { useTimedNotice } from '@/components/use-timed-notice'
import { useBankItems } from '../api/get-bank-items'
import type { BankConnection } from '../api/types'
import { EXCHANGE_REFUSED_MESSAGE, linkedAccountIds } from '../lib/link-flow'
import {
  forgetPlaidLink,
  oauthStateId,
  type PlaidOAuthResume,
  readPlaidLink,
  withoutOAuthState,
} from '../lib/plaid-oauth'

/** Bank-linking notices stay a little longer than the 3 s default: some carry a reason to read. */
export const BANK_NOTICE_MS = 5000

/**
 * One opening of the Connect or Reconnect dialog: `connection` is null for a new bank. Kept
 * after closing (with `open` false) so the dialog's text does not change while it animates out;
 * `id` is new for each opening, so each asks for its own link token. `resume` is set when the
 * opening carries on a Plaid Link session that a bank's OAuth redirect interrupted: Link opens
 * again with its saved token (and, for a reconnection, `resume.itemId` names the connection).
 */
export type LinkSession = {
  id: number
  connection: BankConnection | null
  open: boolean
  resume: PlaidOAuthResume | null
}

/**
 * The state the bank-linking pieces on /accounts share: the connections, the dialog's session
 * and the notice they write to. The app calls it once and hands it to each piece.
 *
 * On the page a bank's OAuth redirect returns to ('?oauth_state_id=…'), it resumes the Plaid
 * Link session this tab saved before leaving (or says the connection failed when there is none),
 * and takes the parameter out of the address.
 */
export function useBankLinking() {
  const items = useBankItems()
  const notice = useTimedNotice(BANK_NOTICE_MS)
  const location = useLocation()
  const navigate = useNavigate()
  // A bank's OAuth redirect always arrives as a fresh page load, so it is read once, on mounting.
  const [redirect] = useState(() => oauthRedirect(location))
  const [session, setSession] = useState<LinkSession | null>(() =>
    redirect?.resume ? { id: 1, connection: null, open: true, resume: redirect.resume } : null,
  )

  const clearNotice = notice.clear
  const showNotice = notice.show
  const start = useCallback(
    (connection: BankConnection | null) => {
      clearNotice()
      setSession((s) => ({ id: (s?.id ?? 0) + 1, connection, open: true, resume: null }))
    },
    [clearNotice],
  )
  const connect = useCallback(() => start(null), [start])
  const reconnect = useCallback((connection: BankConnection) => start(connection), [start])
  const close = useCallback(() => setSession((s) => (s ? { ...s, open: false } : s)), [])
  const linkedIds = useMemo(() => linkedAccountIds(items.data), [items.data])

  // Effects run twice in development; the address is tidied and the notice shown once.
  const redirectHandled = useRef(false)
  useEffect(() => {
    if (!redirect || redirectHandled.current) return
    redirectHandled.current = true
    navigate(redirect.cleanPath, { replace: true })
    if (!redirect.resume) {
      // Started in another tab or browser, or too long ago: this tab has no Link session to resume.
      forgetPlaidLink()
      showNotice(EXCHANGE_REFUSED_MESSAGE, 'error')
    }
  }, [redirect, navigate, showNotice])

  return { items, notice, session, connect, reconnect, close, linkedAccountIds: linkedIds }
}

/**
 * The page's OAuth redirect, if the address has an oauth_state_id: the Link session to resume
 * (null when this tab saved none younger than 30 minutes) and the address without the parameter.
 */
function oauthRedirect(location: Location): { resume: PlaidOAuthResume | null; cleanPath: Partial<Path> } | null {
  if (!oauthStateId(location.search)) return null
  const saved = readPlaidLink()
  // Plaid needs the very address the bank returned to, oauth_state_id included.
  const resume = saved
    ? { linkToken: saved.linkToken, itemId: saved.itemId, receivedRedirectUri: window.location.href }
    : null
  const cleanPath = { pathname: location.pathname, search: withoutOAuthState(location.search), hash: location.hash }
  return { resume, cleanPath }
}

export type BankLinking = ReturnType<typeof useBankLinking>
