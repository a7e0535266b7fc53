import { useState } from 'react'
import { AccountsPage } from '@/features/accounts'
import { useRefreshUser } from '@/features/auth'
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
 * The accounts screen with the transfer dialog, which belongs to the transactions feature.
 * Connect Bank is for a superadmin always, for anyone else once a superadmin grants it; the
 * user is re-read on opening, so a grant made meanwhile shows without signing out.
 */
export function AccountsRoute() {
  const [transferOpen, setTransferOpen] = useState(false)
  useRefreshUser()
  const user = useSignedInUser()
  const canConnectBank = user?.role === 'superadmin' || user?.canConnectBank === true
  return (
    <>
      <AccountsPage onTransfer={() => setTransferOpen(true)} canConnectBank={canConnectBank} />
      <TransferDialog open={transferOpen} onClose={() => setTransferOpen(false)} />
    </>
  )
}

export function CategoriesRoute() {
  return <CategoriesPage />
}
