import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { Landmark, RefreshCw, TimerOff, TriangleAlert, Unlink } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { notifySuccess } from '@/components/notify'
import { WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { newIdempotencyKey } from '@/lib/api/idempotency'
import { formatLondonDateTime, formatMoney } from '@/lib/format'
import { DISCONNECT_FALLBACK_ERROR, DISCONNECT_SUCCESS, useDisconnectItem } from '../api/disconnect-item'
import { BANK_ITEMS_FALLBACK_ERROR } from '../api/get-bank-items'
import { SIMULATE_EXPIRY_FALLBACK_ERROR, useSimulateExpiry } from '../api/simulate-expiry'
import { ENABLE_BANKING_AUTH_FALLBACK_ERROR, useStartEnableBankingAuth } from '../api/start-enable-banking-auth'
import { SYNC_FALLBACK_ERROR, useSyncItem } from '../api/sync-item'
import type { BankConnection } from '../api/types'
import { consentUntil, renewalDueMessage, renewalsDue, skippedAccountLine } from '../lib/enable-banking'
import { accountCountLabel, balanceDifferences, splitConnections } from '../lib/link-flow'
import type { BankLinking } from './use-bank-linking'
import { usePageRestore } from './use-page-restore'

type BankConnectionsProps = {
  linking: BankLinking
  /** Reconnecting asks for a link token, which needs bank access like connecting does. */
  canConnect: boolean
}

/**
 * The bank part of /accounts: its notice, 'Bank Connections Need Attention' (expired connections,
 * and those whose consent ends within seven days, with Reconnect) and 'Linked banks' (the working
 * ones with Sync now, Disconnect and, for the demo bank, Simulate expiry). Renders only the notice
 * while there are no connections. Reconnecting an Enable Banking connection sends the browser to
 * renew its consent at the bank; the others reconnect in the dialog.
 */
export function BankConnections({ linking, canConnect }: BankConnectionsProps) {
  const { items, notice } = linking
  const { needsAttention, active } = splitConnections(items.data)
  const renewals = renewalsDue(items.data)
  const renew = useStartEnableBankingAuth()
  const sync = useSyncItem()
  const expire = useSimulateExpiry()
  const disconnect = useDisconnectItem()
  // Kept after closing, so the dialog's title does not change while it animates out.
  const [toDisconnect, setToDisconnect] = useState<BankConnection | null>(null)
  const [disconnectOpen, setDisconnectOpen] = useState(false)

  const onSync = (connection: BankConnection) => {
    notice.clear()
    sync.mutate(connection.itemId, {
      onSuccess: (res) => notifySuccess(res.message),
      // A 409 says the bank needs signing in again; the refetch moves it to Needs Attention.
      onError: (error) => notice.show(getErrorMessage(error, SYNC_FALLBACK_ERROR), 'error'),
    })
  }
  const onSimulateExpiry = (connection: BankConnection) => {
    notice.clear()
    expire.mutate(connection.itemId, {
      onSuccess: () => notifySuccess(`${connection.institutionName} now needs reconnecting`),
      onError: (error) => notice.show(getErrorMessage(error, SIMULATE_EXPIRY_FALLBACK_ERROR), 'error'),
    })
  }
  const onReconnect = (connection: BankConnection) => {
    if (connection.provider !== 'enablebanking') {
      linking.reconnect(connection)
      return
    }
    notice.clear()
    renew.mutate(
      { body: { itemId: connection.itemId }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (res) => linking.goToBank(res.data.url),
        onError: (error) => notice.show(getErrorMessage(error, ENABLE_BANKING_AUTH_FALLBACK_ERROR), 'error'),
      },
    )
  }
  // Pending, or answered: the browser is then on its way to the bank (until Back brings it back).
  usePageRestore(renew.reset)
  const renewing = (connection: BankConnection) =>
    (renew.isPending || renew.isSuccess) && renew.variables?.body.itemId === connection.itemId
  const reconnectButton = (connection: BankConnection) =>
    canConnect ? (
      <WriteButton
        size="sm"
        colorPalette="orange"
        onClick={() => onReconnect(connection)}
        loading={renewing(connection)}
        loadingText="Opening your bank..."
      >
        <RefreshCw aria-hidden="true" />
        Reconnect
      </WriteButton>
    ) : null
  const askDisconnect = (connection: BankConnection) => {
    disconnect.reset()
    setToDisconnect(connection)
    setDisconnectOpen(true)
  }
  const busy = (mutation: { isPending: boolean; variables: string | undefined }, connection: BankConnection) =>
    mutation.isPending && mutation.variables === connection.itemId

  return (
    <>
      <Notice notice={notice.notice} onClose={notice.clear} />
      <LoadError sources={[{ query: items, fallback: BANK_ITEMS_FALLBACK_ERROR }]} />

      {needsAttention.length + renewals.length > 0 ? (
        <Box
          as="section"
          aria-labelledby="bank-attention-heading"
          borderWidth="1px"
          borderColor="orange.muted"
          bg="orange.subtle"
          borderRadius="lg"
          p={{ base: '3', md: '4' }}
        >
          <Flex gap="2" align="center" color="orange.fg" mb="1">
            <TriangleAlert size={20} aria-hidden="true" />
            <Heading as="h2" size="md" id="bank-attention-heading">
              Bank Connections Need Attention
            </Heading>
          </Flex>
          <Text fontSize="sm" color="fg.muted" mb="3">
            {attentionIntro(needsAttention.length > 0, canConnect)}
          </Text>
          <Stack gap="2" as="ul" listStyleType="none">
            {needsAttention.map((connection) => (
              <ConnectionRow key={connection.itemId} connection={connection} detail={accountCountLabel(connection.accounts.length)}>
                {reconnectButton(connection)}
                <DisconnectButton connection={connection} onClick={askDisconnect} />
              </ConnectionRow>
            ))}
            {/* Still syncing (also under Linked banks, with Sync now and Disconnect): only Reconnect here. */}
            {renewals.map((connection) => (
              <ConnectionRow
                key={connection.itemId}
                connection={connection}
                detail={renewalDueMessage(connection)}
                brief
              >
                {reconnectButton(connection)}
              </ConnectionRow>
            ))}
          </Stack>
        </Box>
      ) : null}

      {active.length > 0 ? (
        <Box as="section" aria-labelledby="linked-banks-heading">
          <Heading as="h2" size="md" id="linked-banks-heading" mb="2">
            Linked banks
          </Heading>
          <Stack gap="2" as="ul" listStyleType="none">
            {active.map((connection) => (
              <ConnectionRow
                key={connection.itemId}
                connection={connection}
                bordered
                detail={`${syncTimes(connection)} · ${accountCountLabel(connection.accounts.length)}`}
                note={consentUntil(connection)}
              >
                <WriteButton
                  size="sm"
                  variant="outline"
                  colorPalette="teal"
                  onClick={() => onSync(connection)}
                  loading={busy(sync, connection)}
                  loadingText="Syncing..."
                >
                  <RefreshCw aria-hidden="true" />
                  Sync now
                </WriteButton>
                {connection.provider === 'demo' ? (
                  <WriteButton
                    size="sm"
                    variant="outline"
                    onClick={() => onSimulateExpiry(connection)}
                    loading={busy(expire, connection)}
                    loadingText="Expiring..."
                  >
                    <TimerOff aria-hidden="true" />
                    Simulate expiry
                  </WriteButton>
                ) : null}
                <DisconnectButton connection={connection} onClick={askDisconnect} />
              </ConnectionRow>
            ))}
          </Stack>
        </Box>
      ) : null}

      <ConfirmDialog
        open={disconnectOpen}
        title={`Disconnect ${toDisconnect?.institutionName ?? ''}?`}
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        pending={disconnect.isPending}
        error={disconnect.isError ? getErrorMessage(disconnect.error, DISCONNECT_FALLBACK_ERROR) : null}
        onDismissError={() => disconnect.reset()}
        onConfirm={() => {
          if (!toDisconnect) return
          disconnect.mutate(toDisconnect.itemId, {
            onSuccess: (res) => {
              notifySuccess(res.message || DISCONNECT_SUCCESS)
              setDisconnectOpen(false)
            },
          })
        }}
        onClose={() => setDisconnectOpen(false)}
      >
        Its accounts and their transaction history stay in MySpending as ordinary accounts. New transactions will
        no longer be imported.
      </ConfirmDialog>
    </>
  )
}

/** What Needs Attention asks: signing in again (when some need it), or renewing a consent. */
function attentionIntro(someExpired: boolean, canConnect: boolean): string {
  if (someExpired) {
    return canConnect
      ? 'These banks need you to sign in again before they can import new transactions.'
      : 'These banks need signing in again. Ask an administrator for bank access to reconnect them.'
  }
  return canConnect
    ? 'Renew your consent with these banks before it ends, so they keep importing new transactions.'
    : 'Consent with these banks ends soon. Ask an administrator for bank access to reconnect them.'
}

/** 'Last synced 05/03/2026 14:07' in London time, or that it has not synced yet. */
function lastSynced(connection: BankConnection): string {
  const at = connection.lastSyncedAt ? formatLondonDateTime(connection.lastSyncedAt) : ''
  return at ? `Last synced ${at}` : 'Not synced yet'
}

/**
 * When it last synced, and for Enable Banking (synced in the background on a schedule) when it
 * syncs next: 'Last synced 05/03/2026 14:07 · Next sync 05/03/2026 20:07'.
 */
function syncTimes(connection: BankConnection): string {
  const next =
    connection.provider === 'enablebanking' && connection.nextSyncAt ? formatLondonDateTime(connection.nextSyncAt) : ''
  return next ? `${lastSynced(connection)} · Next sync ${next}` : lastSynced(connection)
}

type ConnectionRowProps = {
  connection: BankConnection
  detail: string
  /** A second line under the detail ('Consent until …'). */
  note?: string | null
  /**
   * Just the name and the detail: for a row repeated from Linked banks, which names the accounts
   * whose balance differs from the bank's and those the bank's consent left out.
   */
  brief?: boolean
  bordered?: boolean
  children: React.ReactNode
}

/** A connection's name and detail line, with its buttons beside (wide) or below (narrow). */
function ConnectionRow(props: ConnectionRowProps) {
  const { connection, detail, note, brief = false, bordered = false, children } = props
  return (
    <Flex
      as="li"
      aria-label={connection.institutionName}
      gap="3"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      bg="bg"
      borderWidth={bordered ? '1px' : undefined}
      borderRadius="md"
      p="3"
      data-testid="bank-connection"
    >
      <Flex gap="3" align="center" minW="0">
        <Box color="fg.muted" flexShrink={0}>
          <Landmark size={20} aria-hidden="true" />
        </Box>
        <Stack gap="0.5" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold" truncate>
              {connection.institutionName}
            </Text>
            {connection.provider === 'demo' ? (
              <Badge size="sm" variant="subtle">
                Demo
              </Badge>
            ) : null}
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {detail}
          </Text>
          {note ? (
            <Text fontSize="sm" color="fg.muted">
              {note}
            </Text>
          ) : null}
          {(brief ? [] : balanceDifferences(connection)).map((d) => (
            <Text key={d.name} fontSize="sm" color="orange.fg" data-testid="bank-balance-difference">
              {d.name}: {formatMoney(d.oursPence)} here, {formatMoney(d.bankPence)} at the bank
            </Text>
          ))}
          {(brief ? [] : connection.skippedAccounts).map((a, i) => (
            <Text key={`${i}-${a.name}`} fontSize="sm" color="fg.muted" data-testid="bank-skipped-account">
              {skippedAccountLine(a)}
            </Text>
          ))}
        </Stack>
      </Flex>
      <Flex gap="2" wrap="wrap" flexShrink={0}>
        {children}
      </Flex>
    </Flex>
  )
}

function DisconnectButton({
  connection,
  onClick,
}: {
  connection: BankConnection
  onClick: (connection: BankConnection) => void
}) {
  return (
    <WriteButton size="sm" variant="ghost" colorPalette="red" onClick={() => onClick(connection)}>
      <Unlink aria-hidden="true" />
      Disconnect
    </WriteButton>
  )
}
