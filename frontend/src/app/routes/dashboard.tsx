import { useState } from 'react'
import { useUser } from '@/features/auth'
import { DashboardPage } from '@/features/dashboard'
import { TransactionDialog, TransferDialog } from '@/features/transactions'

/** The dashboard with the transaction and transfer dialogs of the transactions feature. */
export function DashboardRoute() {
  const { data: user } = useUser()
  const [open, setOpen] = useState<'transaction' | 'transfer' | null>(null)
  return (
    <>
      <DashboardPage
        userName={user?.name ?? ''}
        onAddTransaction={() => setOpen('transaction')}
        onCreateTransfer={() => setOpen('transfer')}
      />
      <TransactionDialog open={open === 'transaction'} onClose={() => setOpen(null)} />
      <TransferDialog open={open === 'transfer'} onClose={() => setOpen(null)} />
    </>
  )
}
