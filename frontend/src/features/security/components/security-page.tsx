import { Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { lazyDialog } from '@/components/lazy-dialog'
import { LoadError } from '@/components/load-error'
import { PageHeader } from '@/components/page-layout'
import { usePageTitle } from '@/components/use-page-title'
import { SESSIONS_FALLBACK_ERROR, useSessions } from '../api/get-sessions'
import { TWO_FACTOR_STATUS_FALLBACK_ERROR, useTwoFactorStatus } from '../api/get-two-factor-status'
import { DevicesCard } from './devices-card'
import { TwoFactorCard } from './two-factor-card'

// The dialogs' forms (and zod and react-hook-form with them) load when first opened.
const EnableTwoFactorDialog = lazyDialog(() =>
  import('./enable-two-factor-dialog').then((m) => m.EnableTwoFactorDialog),
)
const DisableTwoFactorDialog = lazyDialog(() =>
  import('./disable-two-factor-dialog').then((m) => m.DisableTwoFactorDialog),
)

type SecurityPageProps = {
  /** The signed-in user's address, named in the saved recovery codes. */
  accountEmail?: string
}

/** /security: two-factor sign-in, and the devices signed in to the account. */
export function SecurityPage({ accountEmail }: SecurityPageProps) {
  usePageTitle('Security')
  const status = useTwoFactorStatus()
  const sessions = useSessions()
  // Each opening of the enrolment mounts it afresh (a new key), so it starts a new setup.
  const [enrolment, setEnrolment] = useState({ key: 0, open: false })
  const [disableOpen, setDisableOpen] = useState(false)

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="3xl">
      <PageHeader title="Security" subtitle="How you log in, and where your account is signed in." />
      <LoadError
        sources={[
          { query: status, fallback: TWO_FACTOR_STATUS_FALLBACK_ERROR },
          { query: sessions, fallback: SESSIONS_FALLBACK_ERROR },
        ]}
      />
      <TwoFactorCard
        status={status.data}
        onTurnOn={() => setEnrolment(({ key }) => ({ key: key + 1, open: true }))}
        onTurnOff={() => setDisableOpen(true)}
      />
      <DevicesCard sessions={sessions.data} />
      <EnableTwoFactorDialog
        key={enrolment.key}
        open={enrolment.open}
        onClose={() => setEnrolment(({ key }) => ({ key, open: false }))}
        accountEmail={accountEmail}
      />
      <DisableTwoFactorDialog open={disableOpen} onClose={() => setDisableOpen(false)} />
    </Stack>
  )
}
