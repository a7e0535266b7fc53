import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { PlainDialog } from '@/components/plain-dialog'
import { getErrorMessage } from '@/lib/api/client'
import { newIdempotencyKey } from '@/lib/api/idempotency'
import { LINK_TOKEN_FALLBACK_ERROR, useLinkToken } from '../api/create-link-token'
import { useExchangePublicToken } from '../api/exchange-public-token'
import { useSyncItem } from '../api/sync-item'
import type { Institution } from '../api/types'
import {
  CANCELLED_MESSAGE,
  CONNECTED_FALLBACK_MESSAGE,
  CONNECTION_FAILED_MESSAGE,
  DEMO_INSTITUTION,
  demoPublicToken,
  EXCHANGE_REFUSED_MESSAGE,
  exchangeErrorMessage,
  type LinkWidget,
  linkWidget,
  RECONNECTED_FALLBACK_MESSAGE,
} from '../lib/link-flow'
import { forgetPlaidLink, savePlaidLink } from '../lib/plaid-oauth'
import { DemoBankPicker } from './demo-bank-picker'
import type { PlaidLinkLauncherProps } from './plaid-link-launcher'
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
 * The Connect or Reconnect Your Bank Account dialog of the current session (see useBankLinking):
 * a link token, then the demo bank's picker or Plaid Link, then the exchange (a new bank) or a
 * sync (reconnecting one), with a success toast; cancelling leaves a notice on the page. A
 * session resumed after a bank's OAuth redirect goes straight back into Plaid Link.
 */
export function BankLinkDialog({ linking }: { linking: BankLinking }) {
  const { session, close, notice, items } = linking
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
    />
  )
}

/** Where the flow is once the link token is in: choosing, in Plaid Link, importing, or failed. */
type Step = { kind: 'choose' } | { kind: 'in-plaid' } | { kind: 'importing' } | { kind: 'failed'; message: string }

type LinkFlowProps = {
  session: LinkSession
  /** The connection being reconnected (update mode), or null for a new bank. */
  itemId: string | null
  /** Its bank's name, when known. */
  institutionName: string | null
  onClose: () => void
  onCancelled: () => void
}

function LinkFlow({ session, itemId, institutionName, onClose, onCancelled }: LinkFlowProps) {
  const reconnecting = itemId !== null
  const bankName = institutionName ?? 'your bank'
  const [attempt, setAttempt] = useState(0)
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  // A resumed session's first try reopens Link with the saved token; trying again starts afresh.
  const resume = attempt === 0 ? session.resume : null
  const token = useLinkToken(itemId, session.id, attempt, resume === null)
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

  const importing = step.kind === 'importing'
  const picking = step.kind === 'choose' && widget === 'demo'
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
          if (importing) return
          // Leaving the picker is cancelling; leaving a spinner or an error is just closing.
          if (picking) onCancelled()
          else onClose()
        }}
        title={BANK_LINK_DIALOG_TITLE}
        size="md"
        dismissible={!importing}
        footerWrap
        footer={
          failedMessage ? (
            <>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button colorPalette="teal" onClick={tryAgain}>
                Try again
              </Button>
            </>
          ) : importing ? null : picking ? (
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
          {failedMessage ? (
            <ErrorAlert message={failedMessage} />
          ) : importing ? (
            <Progress
              text={
                reconnecting
                  ? `Bringing ${bankName} up to date — this can take a minute`
                  : 'Importing your accounts and transactions — this can take a minute'
              }
            />
          ) : picking ? (
            <DemoBankPicker reconnecting={reconnecting} />
          ) : widget === 'plaid' ? (
            <Progress text="Opening Plaid…" />
          ) : (
            <Progress text="Preparing a secure connection…" />
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

/** A spinner with what is happening, announced politely. */
function Progress({ text }: { text: string }) {
  return (
    <HStack gap="3" role="status" align="center" py="2">
      <Spinner size="sm" color="teal.fg" flexShrink={0} />
      <Text>{text}</Text>
    </HStack>
  )
}
