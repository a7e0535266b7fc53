import { lazy, Suspense, useState } from 'react'
import { mayConnectBank, useUser } from '@/features/auth/session'
import { DashboardPage, prefetchDashboard } from '@/features/dashboard'
import { lazyDialog } from '@/components/lazy-dialog'

// The dialogs' forms load when first opened, not with the dashboard.
const TransactionDialog = lazyDialog(() =>
  import('@/features/transactions').then((m) => m.TransactionDialog),
)
const TransferDialog = lazyDialog(() =>
  import('@/features/transactions').then((m) => m.TransferDialog),
)

// The household's invitations to the user load after the dashboard, in a chunk of their own
// (the first-load budget); the banner shows nothing while there are none.
const PendingInvitationsBanner = lazy(() =>
  import('@/features/household/pending').then((m) => ({ default: m.PendingInvitationsBanner })),
)

/** The dashboard's first figures, asked for as the app starts (see `screen` in ../lazy-screen). */
// oxlint-disable-next-line react/only-export-components -- read once at start-up, never hot-swapped.
export const prefetch = prefetchDashboard

/** Registered within the last day: too soon to be welcomed 'back'. */
function isNewUser(createdAt: string, now = Date.now()): boolean {
  const at = Date.parse(createdAt)
  return Number.isFinite(at) && now - at < 24 * 60 * 60 * 1000
}

/** The dashboard with the transaction and transfer dialogs of the transactions feature. */
export function DashboardRoute() {
  const { data: user } = useUser()
  const [open, setOpen] = useState<'transaction' | 'transfer' | null>(null)
  return (
    <>
      <DashboardPage
        userName={user?.name ?? ''}
        userId={user?._id ?? ''}
        canConnectBank={mayConnectBank(user)}
        newUser={user ? isNewUser(user.createdAt) : false}
        onAddTransaction={() => setOpen('transaction')}
        onCreateTransfer={() => setOpen('transfer')}
        banner={
          <Suspense fallback={null}>
            <PendingInvitationsBanner />
          </Suspense>
        }
      />
      <TransactionDialog open={open === 'transaction'} onClose={() => setOpen(null)} />
      <TransferDialog open={open === 'transfer'} onClose={() => setOpen(null)} />
    </>
  )
}
