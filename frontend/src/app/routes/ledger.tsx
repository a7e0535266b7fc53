import { useState } from 'react'
import { AccountsPage } from '@/features/accounts'
import { CategoriesPage } from '@/features/categories'
import {
  TransactionDetailPage,
  TransactionsPage,
  TransferDialog,
} from '@/features/transactions'

export function TransactionsRoute() {
  return <TransactionsPage />
}

export function TransactionDetailRoute() {
  return <TransactionDetailPage />
}

/** The accounts screen with the transfer dialog, which belongs to the transactions feature. */
export function AccountsRoute() {
  const [transferOpen, setTransferOpen] = useState(false)
  return (
    <>
      <AccountsPage onTransfer={() => setTransferOpen(true)} />
      <TransferDialog open={transferOpen} onClose={() => setTransferOpen(false)} />
    </>
  )
}

export function CategoriesRoute() {
  return <CategoriesPage />
}
