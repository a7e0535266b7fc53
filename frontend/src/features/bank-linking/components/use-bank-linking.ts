import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type Location, type Path, useLocation, useNavigate } from 'react-router'
import { notifySuccess } from '@/components/notify'
import { useTimedNotice } from '@/components/use-timed-notice'
import { useBankItems } from '../api/get-bank-items'
import type { BankConnection } from '../api/types'
import { type ConsentReturn, consentReturn, withoutConsentReturn } from '../lib/consent-return'
import { leaveForBank } from '../lib/enable-banking'
import {
  CONNECTED_FALLBACK_MESSAGE,
  EXCHANGE_REFUSED_MESSAGE,
  linkedAccountIds,
  skippedAccountsMessage,
} from '../lib/link-flow'
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

type BankLinkingOptions = {
  /** Sends the browser to Enable Banking's consent address; the page's own location by default. */
  goToBank?: (url: string) => void
}

/**
 * The state the bank-linking pieces on /accounts share: the connections, the dialog's session
 * and the notice they write to. The app calls it once and hands it to each piece.
 *
 * On the page a bank's OAuth redirect returns to ('?oauth_state_id=…'), it resumes the Plaid
 * Link session this tab saved before leaving (or says the connection failed when there is none).
 * On the page Enable Banking's callback returns to ('?linked=…', '?bankError=…'), it says how
 * the linking went. Either way it takes those parameters out of the address, so a reload does
 * not say it again.
 */
export function useBankLinking({ goToBank = leaveForBank }: BankLinkingOptions = {}) {
  const items = useBankItems()
  const notice = useTimedNotice(BANK_NOTICE_MS)
  const location = useLocation()
  const navigate = useNavigate()
  // A bank's redirect always arrives as a fresh page load, so the address is read once, on mounting.
  const [arrival] = useState(() => arrivalFrom(location))
  const redirect = arrival?.redirect ?? null
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

  // Effects run twice in development; the address is tidied and the notices shown once.
  const arrivalHandled = useRef(false)
  useEffect(() => {
    if (!arrival || arrivalHandled.current) return
    arrivalHandled.current = true
    navigate(arrival.cleanPath, { replace: true })
    if (arrival.redirect && !arrival.redirect.resume) {
      // Started in another tab or browser, or too long ago: this tab has no Link session to resume.
      forgetPlaidLink()
      showNotice(EXCHANGE_REFUSED_MESSAGE, 'error')
    }
    const consent = arrival.consent
    if (consent?.outcome === 'linked') {
      notifySuccess(CONNECTED_FALLBACK_MESSAGE)
      if (consent.skipped > 0) showNotice(skippedAccountsMessage(consent.skipped), 'info')
    } else if (consent?.outcome === 'failed') {
      showNotice(consent.message, 'error')
    }
  }, [arrival, navigate, showNotice])

  return { items, notice, session, connect, reconnect, close, linkedAccountIds: linkedIds, goToBank }
}

type PlaidRedirect = { resume: PlaidOAuthResume | null }

/**
 * What a bank's return put in the address, if anything: a Plaid OAuth redirect (with the Link
 * session to resume, or null when this tab saved none younger than 30 minutes), Enable Banking's
 * outcome, and the address without their parameters.
 */
function arrivalFrom(
  location: Location,
): { redirect: PlaidRedirect | null; consent: ConsentReturn | null; cleanPath: Partial<Path> } | null {
  const redirect = oauthStateId(location.search) ? { resume: savedLinkSession() } : null
  const consent = consentReturn(location.search)
  if (!redirect && !consent) return null
  const search = withoutConsentReturn(withoutOAuthState(location.search))
  return { redirect, consent, cleanPath: { pathname: location.pathname, search, hash: location.hash } }
}

/** The Link session this tab saved before a bank's OAuth redirect, to carry on with. */
function savedLinkSession(): PlaidOAuthResume | null {
  const saved = readPlaidLink()
  // Plaid needs the very address the bank returned to, oauth_state_id included.
  return saved ? { linkToken: saved.linkToken, itemId: saved.itemId, receivedRedirectUri: window.location.href } : null
}

export type BankLinking = ReturnType<typeof useBankLinking>
