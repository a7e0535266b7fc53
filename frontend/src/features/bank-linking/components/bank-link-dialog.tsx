import { Button, Stack, Text } from '@chakra-ui/react'
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { PlainDialog } from '@/components/plain-dialog'
import { WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { newIdempotencyKey } from '@/lib/api/idempotency'
import { LINK_TOKEN_FALLBACK_ERROR, useLinkToken } from '../api/create-link-token'
import { useExchangePublicToken } from '../api/exchange-public-token'
import { ASPSPS_FALLBACK_ERROR, useAspsps } from '../api/get-aspsps'
import { useBankProviders } from '../api/get-bank-providers'
import { ENABLE_BANKING_AUTH_FALLBACK_ERROR, useStartEnableBankingAuth } from '../api/start-enable-banking-auth'
import { useSyncItem } from '../api/sync-item'
import type { Aspsp, BankProviderId, Institution } from '../api/types'
import { ENABLE_BANKING_COUNTRY } from '../lib/enable-banking'
import {
  CANCELLED_MESSAGE,
  CONNECTED_FALLBACK_MESSAGE,
  CONNECTION_FAILED_MESSAGE,
  DEMO_INSTITUTION,
  demoPublicToken,
  EXCHANGE_REFUSED_MESSAGE,
  exchangeErrorMessage,
  type LinkWidget,
  linkStart,
  linkWidget,
  offeredProviders,
  RECONNECTED_FALLBACK_MESSAGE,
} from '../lib/link-flow'
import { forgetPlaidLink, savePlaidLink } from '../lib/plaid-oauth'
import { BankSearchBox } from './bank-search-box'
import { DemoBankPicker } from './demo-bank-picker'
import { LinkProgress } from './link-progress'
import type { PlaidLinkLauncherProps } from './plaid-link-launcher'
import { usePageRestore } from './use-page-restore'
import type { BankLinking, LinkSession } from './use-bank-linking'

export const BANK_LINK_DIALOG_TITLE = 'Connect or Reconnect Your Bank Account'

/** Plaid Link's module, fetched the first time a Plaid link token arrives (never for the demo bank). */
const PlaidLinkLauncher = lazy(() =>
  import('./plaid-link-launcher').catch(() => ({ default: LauncherLoadFailed })),
)

/** Stands in when the launcher's chunk cannot be fetched (offline, a new deployment). */
function LauncherLoadFailed({ onLoadError }: PlaidLinkLauncherProps) {
  useEffect(() => onLoadError(), [onLoadError])
  return null
}

/**
 * A step that only a server with several providers (or Enable Banking) shows: its code is fetched
 * when it is first shown, so /accounts and the demo bank's and Plaid's flow do not carry it.
 */
function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: StepLoadFailed as ComponentType<P> }),
    ),
  )
}

/** Stands in when a step's chunk cannot be fetched (offline, a new deployment). */
function StepLoadFailed() {
  return <ErrorAlert message={LINK_TOKEN_FALLBACK_ERROR} />
}

const ProviderChoice = lazyStep(() => import('./link-choices').then((m) => m.ProviderChoice))
const BankList = lazyStep(() => import('./link-choices').then((m) => m.BankList))
const BankConsent = lazyStep(() => import('./link-choices').then((m) => m.BankConsent))

/**
 * The Connect or Reconnect Your Bank Account dialog of the current session (see useBankLinking).
 * A new bank starts from the ways the server offers: with several, a choice between them; with
 * one, straight into it. The demo bank and Plaid take a link token, then the demo bank's picker
 * or Plaid Link, then the exchange (a new bank) or a sync (reconnecting one), with a success
 * toast; Enable Banking lists its banks and sends the browser to the one chosen (the server brings
 * it back to /accounts). Cancelling leaves a notice on the page. A session resumed after a bank's
 * OAuth redirect goes straight back into Plaid Link.
 */
export function BankLinkDialog({ linking }: { linking: BankLinking }) {
  const { session, close, notice, items, goToBank } = linking
  const showNotice = notice.show
  // However the flow ends, the Plaid Link session saved for an OAuth redirect is over too.
  const closed = useCallback(() => {
    forgetPlaidLink()
    close()
  }, [close])
  const cancelled = useCallback(() => {
    closed()
    showNotice(CANCELLED_MESSAGE, 'info')
  }, [closed, showNotice])
  if (!session) return null
  // A resumed reconnection knows only the item's id; its name comes from the connections.
  const itemId = session.resume ? session.resume.itemId : (session.connection?.itemId ?? null)
  const connection = session.connection ?? items.data?.find((c) => c.itemId === itemId) ?? null
  return (
    <LinkFlow
      key={session.id}
      session={session}
      itemId={itemId}
      institutionName={connection?.institutionName ?? null}
      onClose={closed}
      onCancelled={cancelled}
      goToBank={goToBank}
    />
  )
}

/** Where the flow is once the link token is in: choosing, in Plaid Link, importing, or failed. */
type Step = { kind: 'choose' } | { kind: 'in-plaid' } | { kind: 'importing' } | { kind: 'failed'; message: string }

/** The way of linking the user picked: the link token's (demo bank or Plaid), or Enable Banking's bank. */
type Picked = { kind: 'link-token' } | { kind: 'enablebanking'; bank: Aspsp | null }

type LinkFlowProps = {
  session: LinkSession
  /** The connection being reconnected (update mode), or null for a new bank. */
  itemId: string | null
  /** Its bank's name, when known. */
  institutionName: string | null
  onClose: () => void
  onCancelled: () => void
  /** Sends the browser to Enable Banking's consent address. */
  goToBank: (url: string) => void
}

function LinkFlow({ session, itemId, institutionName, onClose, onCancelled, goToBank }: LinkFlowProps) {
  const reconnecting = itemId !== null
  const bankName = institutionName ?? 'your bank'
  const [attempt, setAttempt] = useState(0)
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  // A new bank starts from the ways the server offers; a reconnection or a resumed session knows its own.
  const asksProvider = !reconnecting && session.resume === null
  const providers = useBankProviders(asksProvider)
  const [picked, setPicked] = useState<Picked | null>(null)
  const start = asksProvider ? linkStart(providers) : 'link-token'
  const stage = picked?.kind ?? start
  const chosenBank = picked?.kind === 'enablebanking' ? picked.bank : null
  const banks = useAspsps(ENABLE_BANKING_COUNTRY, stage === 'enablebanking')
  const [bankSearch, setBankSearch] = useState('')
  const bankListLabelId = useId()
  const consent = useStartEnableBankingAuth()
  // Once the consent's address is in, the browser is on its way there (until Back brings it back).
  const startingConsent = consent.isPending || consent.isSuccess
  usePageRestore(consent.reset)
  // A resumed session's first try reopens Link with the saved token; trying again starts afresh.
  const resume = attempt === 0 ? session.resume : null
  const token = useLinkToken(itemId, session.id, attempt, resume === null && stage === 'link-token')
  const exchange = useExchangePublicToken()
  const sync = useSyncItem()
  const linkToken = resume ? resume.linkToken : (token.data?.link_token ?? null)
  const widget: LinkWidget | null = resume ? 'plaid' : token.data ? linkWidget(token.data) : null

  const succeeded = (message: string) => {
    notifySuccess(message)
    onClose()
  }

  /** The widget gave a public token (a new bank) or signed in again (reconnecting). */
  const finish = (publicToken: string | null, institution: Institution | null) => {
    if (!reconnecting && !publicToken) {
      setStep({ kind: 'failed', message: EXCHANGE_REFUSED_MESSAGE })
      return
    }
    setStep({ kind: 'importing' })
    if (reconnecting) {
      // Update mode: the old access token works again; there is nothing to exchange.
      sync.mutate(itemId, {
        onSuccess: (res) => succeeded(res.message || RECONNECTED_FALLBACK_MESSAGE),
        onError: (error) => setStep({ kind: 'failed', message: getErrorMessage(error, CONNECTION_FAILED_MESSAGE) }),
      })
    } else {
      exchange.mutate(
        { publicToken: publicToken ?? '', institution, idempotencyKey: newIdempotencyKey() },
        {
          onSuccess: (res) => succeeded(res.message || CONNECTED_FALLBACK_MESSAGE),
          onError: (error) => setStep({ kind: 'failed', message: exchangeErrorMessage(error) }),
        },
      )
    }
  }

  const tryAgain = () => {
    setStep({ kind: 'choose' })
    setAttempt((a) => a + 1)
  }

  const onPlaidOpen = useCallback(() => {
    // Kept for a bank's OAuth redirect, which leaves the page; /accounts resumes from it. A
    // resumed session's entry stays as it was (its age counts from the first opening).
    if (!resume && linkToken) savePlaidLink(linkToken, itemId)
    setStep({ kind: 'in-plaid' })
  }, [resume, linkToken, itemId])
  const onPlaidSuccess = (publicToken: string | null, institution: Institution | null) => {
    forgetPlaidLink()
    finish(publicToken, institution)
  }
  const onPlaidExit = useCallback(
    (failed: boolean) => {
      if (failed) onCancelled()
      else onClose()
    },
    [onCancelled, onClose],
  )
  const onPlaidLoadError = useCallback(() => {
    forgetPlaidLink()
    setStep({ kind: 'failed', message: LINK_TOKEN_FALLBACK_ERROR })
  }, [])

  const pickProvider = (provider: BankProviderId) =>
    setPicked(provider === 'enablebanking' ? { kind: 'enablebanking', bank: null } : { kind: 'link-token' })
  const pickBank = (bank: Aspsp | null) => {
    consent.reset()
    setPicked({ kind: 'enablebanking', bank })
  }
  const continueToBank = (bank: Aspsp) =>
    consent.mutate(
      { body: { aspspName: bank.name, country: bank.country }, idempotencyKey: newIdempotencyKey() },
      { onSuccess: (res) => goToBank(res.data.url) },
    )

  const importing = step.kind === 'importing'
  // Choosing a way or a bank, like the demo picker, is part of connecting: leaving it is cancelling.
  const choosingWay = stage === 'pick-provider' || (stage === 'enablebanking' && !startingConsent)
  const demoPicking = stage === 'link-token' && step.kind === 'choose' && widget === 'demo'
  const busy = importing || startingConsent
  const failedMessage =
    step.kind === 'failed'
      ? step.message
      : step.kind === 'choose' && token.isError
        ? getErrorMessage(token.error, LINK_TOKEN_FALLBACK_ERROR)
        : null
  const launchPlaid =
    session.open && linkToken && widget === 'plaid' && (step.kind === 'choose' || step.kind === 'in-plaid')

  return (
    <>
      <PlainDialog
        open={session.open && step.kind !== 'in-plaid'}
        onClose={() => {
          if (busy) return
          // Leaving a picker is cancelling; leaving a spinner or an error is just closing.
          if (demoPicking || choosingWay) onCancelled()
          else onClose()
        }}
        title={BANK_LINK_DIALOG_TITLE}
        size="md"
        scrollBehavior={stage === 'enablebanking' ? 'inside' : undefined}
        dismissible={!busy}
        footerWrap
        footer={
          stage === 'pick-provider' ? (
            <Button variant="outline" onClick={onCancelled}>
              Cancel
            </Button>
          ) : stage === 'enablebanking' ? (
            chosenBank ? (
              <>
                <Button variant="outline" onClick={() => pickBank(null)} disabled={startingConsent}>
                  Back
                </Button>
                <WriteButton colorPalette="teal" onClick={() => continueToBank(chosenBank)} loading={startingConsent}>
                  Continue to {chosenBank.name}
                </WriteButton>
              </>
            ) : (
              <>
                {start === 'pick-provider' ? (
                  <Button variant="outline" onClick={() => setPicked(null)}>
                    Back
                  </Button>
                ) : null}
                <Button variant="outline" onClick={onCancelled}>
                  Cancel
                </Button>
              </>
            )
          ) : failedMessage ? (
            <>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button colorPalette="teal" onClick={tryAgain}>
                Try again
              </Button>
            </>
          ) : importing ? null : demoPicking ? (
            <>
              <Button variant="outline" onClick={onCancelled}>
                Cancel
              </Button>
              <Button colorPalette="teal" onClick={() => finish(demoPublicToken(), DEMO_INSTITUTION)}>
                Continue
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
          )
        }
      >
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {reconnecting
              ? `${institutionName ?? 'Your bank'} needs you to sign in again. Reconnect it to carry on importing its transactions.`
              : 'Link a bank to import its accounts and transactions into MySpending.'}
          </Text>
          {stage === 'pick-provider' ? (
            <Suspense fallback={<LinkProgress text="Preparing a secure connection…" />}>
              <ProviderChoice providers={offeredProviders(providers.data)} onPick={pickProvider} />
            </Suspense>
          ) : stage === 'enablebanking' ? (
            consent.isSuccess ? (
              <LinkProgress text="Taking you to Enable Banking…" />
            ) : chosenBank ? (
              // The list has just loaded this code: the wait is a moment.
              <Suspense fallback={null}>
                <BankConsent
                  bank={chosenBank}
                  error={consent.isError ? getErrorMessage(consent.error, ENABLE_BANKING_AUTH_FALLBACK_ERROR) : null}
                />
              </Suspense>
            ) : banks.isError ? (
              <Stack gap="3" align="flex-start">
                <ErrorAlert message={getErrorMessage(banks.error, ASPSPS_FALLBACK_ERROR)} />
                <Button variant="outline" size="sm" onClick={() => void banks.refetch()} loading={banks.isFetching}>
                  Try again
                </Button>
              </Stack>
            ) : banks.isSuccess ? (
              <Stack gap="3">
                <BankSearchBox value={bankSearch} onChange={setBankSearch} headingId={bankListLabelId} />
                <Suspense fallback={<LinkProgress text="Loading banks…" />}>
                  <BankList banks={banks.data} search={bankSearch} labelledBy={bankListLabelId} onPick={pickBank} />
                </Suspense>
              </Stack>
            ) : (
              <LinkProgress text="Loading banks…" />
            )
          ) : failedMessage ? (
            <ErrorAlert message={failedMessage} />
          ) : importing ? (
            <LinkProgress
              text={
                reconnecting
                  ? `Bringing ${bankName} up to date — this can take a minute`
                  : 'Importing your accounts and transactions — this can take a minute'
              }
            />
          ) : demoPicking ? (
            <DemoBankPicker reconnecting={reconnecting} />
          ) : widget === 'plaid' ? (
            <LinkProgress text="Opening Plaid…" />
          ) : (
            <LinkProgress text="Preparing a secure connection…" />
          )}
        </Stack>
      </PlainDialog>
      {launchPlaid ? (
        <Suspense fallback={null}>
          <PlaidLinkLauncher
            token={linkToken}
            receivedRedirectUri={resume?.receivedRedirectUri}
            onOpen={onPlaidOpen}
            onSuccess={onPlaidSuccess}
            onExit={onPlaidExit}
            onLoadError={onPlaidLoadError}
          />
        </Suspense>
      ) : null}
    </>
  )
}
