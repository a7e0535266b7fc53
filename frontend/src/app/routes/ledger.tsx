import { useState } from 'react'
import { AccountsPage } from '@/features/accounts'
import { mayConnectBank, useRefreshUser } from '@/features/auth'
import { BankConnections, BankLinkDialog, useBankLinking } from '@/features/bank-linking'
import { CategoriesPage } from '@/features/categories'
import { lazyDialog } from '@/components/lazy-dialog'
import {
  TransactionDetailPage,
  TransactionsPage,
  TransferDialog,
  type RulePrefill,
} from '@/features/transactions'
import { useSignedInUser } from '../use-signed-in-user'

/** Its code loads when the offer's Create rule first opens it. */
const RuleDialog = lazyDialog(() => import('@/features/rules').then((m) => m.RuleDialog))

/** The rule dialog of the make-a-rule offer: the transactions feature offers, the rules feature makes. */
function useRuleFromOffer() {
  const [state, setState] = useState<{ open: boolean; prefill?: RulePrefill }>({ open: false })
  const dialog = (
    <RuleDialog
      open={state.open}
      prefill={state.prefill}
      onClose={() => setState((s) => ({ ...s, open: false }))}
    />
  )
  return { open: (prefill: RulePrefill) => setState({ open: true, prefill }), dialog }
}

export function TransactionsRoute() {
  const rule = useRuleFromOffer()
  return (
    <>
      <TransactionsPage onCreateRule={rule.open} />
      {rule.dialog}
    </>
  )
}

export function TransactionDetailRoute() {
  const rule = useRuleFromOffer()
  return (
    <>
      <TransactionDetailPage onCreateRule={rule.open} />
      {rule.dialog}
    </>
  )
}

/**
 * The accounts screen with the transfer dialog, which belongs to the transactions feature, and
 * bank linking (the connections, the Connect or Reconnect dialog, the cards' 'Linked' badges).
 * Connect Bank is for a superadmin always, for anyone else once a superadmin grants it; the
 * user is re-read on opening, so a grant made meanwhile shows without signing out.
 */
export function AccountsRoute() {
  const [transferOpen, setTransferOpen] = useState(false)
  useRefreshUser()
  const user = useSignedInUser()
  const canConnectBank = mayConnectBank(user)
  const bank = useBankLinking()
  return (
    <>
      <AccountsPage
        onTransfer={() => setTransferOpen(true)}
        canConnectBank={canConnectBank}
        onConnectBank={bank.connect}
        bankSection={<BankConnections linking={bank} canConnect={canConnectBank} />}
        linkedAccountIds={bank.linkedAccountIds}
        memberId={user?._id}
      />
      <TransferDialog open={transferOpen} onClose={() => setTransferOpen(false)} />
      <BankLinkDialog linking={bank} />
    </>
  )
}

export function CategoriesRoute() {
  return <CategoriesPage />
}
