import { type ButtonProps, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Activity, ArrowLeftRight, Landmark, Link2, Lock, Plus, Wallet } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { SummaryTile } from '@/components/summary-tile'
import { usePageTitle } from '@/components/use-page-title'
import { notifySuccess } from '@/components/notify'
import { CardGridSkeleton, EmptyState } from '@/components/page-layout'
import { ReadOnlyHint, WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import type { Account } from '@/lib/api/types'
import { formatMoney } from '@/lib/format'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { toPence } from '@/lib/money'
import { DELETE_ACCOUNT_FALLBACK_ERROR, useDeleteAccount } from '../api/delete-account'
import { AccountCard } from './account-card'
import { AccountDialog } from './account-dialog'

type AccountsPageProps = {
  /** Opens the Transfer Between Accounts dialog, which app/ provides. */
  onTransfer: () => void
  /** Whether the signed-in user may link a bank (superadmin, or granted by one); app/ knows the user. */
  canConnectBank?: boolean
  /** Opens the Connect or Reconnect Your Bank Account dialog, which app/ provides (bank linking). */
  onConnectBank?: () => void
  /** The bank connections (those needing attention, the linked banks), shown above the cards. */
  bankSection?: ReactNode
  /** Accounts a bank connection imports into; their cards say 'Linked'. */
  linkedAccountIds?: ReadonlySet<string>
  /** The signed-in member: only an account's owner may change who sees it. */
  memberId?: string
}

/** Why Connect Bank is off for a user an administrator has not allowed (as the dashboard says it). */
const BANK_LINKING_HINT = 'Ask your administrator to allow bank linking.'

type OpenDialog = { kind: 'add' } | { kind: 'edit'; account: Account } | null

/**
 * /accounts: summary tiles, account cards, add/edit/delete, and the transfer button. Bank linking
 * (its button's dialog, the connections, which cards are linked) comes from app/ through the props.
 */
export function AccountsPage(props: AccountsPageProps) {
  const { onTransfer, canConnectBank = false, onConnectBank, bankSection, linkedAccountIds, memberId } = props
  usePageTitle('Accounts')
  const accounts = useAccounts()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  // Kept after closing, so the dialog's text does not change while it animates out.
  const [toDelete, setToDelete] = useState<Account | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const deleteMutation = useDeleteAccount()
  const navigate = useNavigate()

  const list = accounts.data?.accounts ?? []
  const active = list.filter((a) => toPence(a.currentBalance) !== 0).length
  const netWorth = accounts.data ? toPence(accounts.data.netWorth) : 0

  const hintId = useId()
  // Without the permission the button stays in sight, switched off, with the reason under it.
  const withheld = onConnectBank !== undefined && !canConnectBank
  const connectBankButton = (size: ButtonProps['size']) =>
    onConnectBank ? (
      <WriteButton
        variant="outline"
        colorPalette="teal"
        size={size}
        onClick={onConnectBank}
        disabled={withheld}
        aria-describedby={withheld ? hintId : undefined}
      >
        <Link2 aria-hidden="true" />
        Connect Bank
      </WriteButton>
    ) : null

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Accounts
        </Heading>
        <Flex gap="2" wrap="wrap">
          <WriteButton
            variant="outline"
            size={{ base: 'sm', md: 'md' }}
            onClick={onTransfer}
            disabled={list.length < 2}
          >
            <ArrowLeftRight aria-hidden="true" />
            Transfer
          </WriteButton>
          <WriteButton colorPalette="teal" size={{ base: 'sm', md: 'md' }} onClick={() => setDialog({ kind: 'add' })}>
            <Plus aria-hidden="true" />
            Add Manually
          </WriteButton>
          {connectBankButton({ base: 'sm', md: 'md' })}
        </Flex>
      </Flex>
      {withheld ? (
        <Text
          id={hintId}
          fontSize="sm"
          color="fg.muted"
          display="flex"
          alignItems="center"
          justifyContent={{ base: 'flex-start', md: 'flex-end' }}
          gap="1.5"
          mt={{ base: '-2', md: '-4' }}
          data-testid="bank-linking-hint"
        >
          <Lock size={14} aria-hidden="true" />
          {BANK_LINKING_HINT}
        </Text>
      ) : null}
      <ReadOnlyHint />

      <LoadError sources={[{ query: accounts, fallback: ACCOUNTS_FALLBACK_ERROR }]} />

      <SimpleGrid columns={{ base: 2, sm: 3 }} gap={{ base: '2', md: '4' }}>
        <SummaryTile
          gridColumn={{ base: 'span 2', sm: 'auto' }}
          label="Net Worth"
          icon={Wallet}
          value={accounts.data ? formatMoney(netWorth) : '—'}
          color={netWorth < 0 ? 'fg.error' : 'fg.success'}
        />
        <SummaryTile
          label="Total Accounts"
          icon={Landmark}
          palette="blue"
          value={accounts.data ? String(accounts.data.totalAccounts) : '—'}
        />
        <SummaryTile
          label="Active Accounts"
          icon={Activity}
          palette="purple"
          value={accounts.data ? String(active) : '—'}
        />
      </SimpleGrid>

      {bankSection}

      {accounts.isPending ? (
        <CardGridSkeleton label="Loading accounts" height="44" />
      ) : accounts.isSuccess && list.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title="No accounts yet"
          text="Add your bank accounts, cards and cash to track your balances."
          p="10"
        >
          <Flex gap="2" wrap="wrap" justify="center">
            <WriteButton colorPalette="teal" onClick={() => setDialog({ kind: 'add' })}>
              <Plus aria-hidden="true" />
              Add Manually
            </WriteButton>
            {connectBankButton('md')}
          </Flex>
        </EmptyState>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {list.map((account) => (
            <AccountCard
              key={account._id}
              account={account}
              linked={linkedAccountIds?.has(account._id) ?? false}
              onEdit={() => setDialog({ kind: 'edit', account })}
              onImport={() => navigate(`/import?accountId=${encodeURIComponent(account._id)}`)}
              onDelete={() => {
                deleteMutation.reset()
                setToDelete(account)
                setDeleteOpen(true)
              }}
            />
          ))}
        </SimpleGrid>
      )}

      <AccountDialog
        open={dialog !== null}
        account={dialog?.kind === 'edit' ? dialog.account : null}
        memberId={memberId}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleteOpen}
        title="Delete Account"
        pending={deleteMutation.isPending}
        error={
          deleteMutation.isError
            ? getErrorMessage(deleteMutation.error, DELETE_ACCOUNT_FALLBACK_ERROR)
            : null
        }
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!toDelete) return
          deleteMutation.mutate(toDelete._id, {
            onSuccess: () => {
              notifySuccess('Account deleted successfully')
              setDeleteOpen(false)
            },
          })
        }}
        onClose={() => setDeleteOpen(false)}
      >
        <Stack gap="2">
          <Text>Are you sure you want to delete &quot;{toDelete?.name}&quot;?</Text>
          <Text color="fg.muted" fontSize="sm">
            This action cannot be undone. The account must have no transactions to be deleted.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}
