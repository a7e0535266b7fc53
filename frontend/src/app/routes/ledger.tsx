import { useState } from 'react'
import { AccountsPage } from '@/features/accounts'
import { useRefreshUser } from '@/features/auth'
import { BankConnections, BankLinkDialog, useBankLinking } from '@/features/bank-linking'
import { CategoriesPage } from '@/features/categories'
import {
  TransactionDetailPage,
  TransactionsPage,
  TransferDialog,
} from '@/features/transactions'
import { useSignedInUser } from '../use-signed-in-user'

export function TransactionsRoute() {
  return <TransactionsPage />
}

export function TransactionDetailRoute() {
  return <TransactionDetailPage />
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
  const canConnectBank = user?.role === 'superadmin' || user?.canConnectBank === true
  const bank = useBankLinking()
  return (
    <>
      <AccountsPage
        onTransfer={() => setTransferOpen(true)}
        canConnectBank={canConnectBank}
        onConnectBank={bank.connect}
        bankSection={<BankConnections linking={bank} canConnect={canConnectBank} />}
        linkedAccountIds={bank.linkedAccountIds}
      />
      <TransferDialog open={transferOpen} onClose={() => setTransferOpen(false)} />
      <BankLinkDialog linking={bank} />
    </>
  )
}

export function CategoriesRoute() {
  return <CategoriesPage />
}
