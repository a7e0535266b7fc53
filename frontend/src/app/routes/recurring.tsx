import { RecurringPage } from '@/features/recurring'
import { RecurringAnalyticsPage } from '@/features/recurring/analytics'
import { useSignedInUser } from '../use-signed-in-user'

/**
 * /recurring: Finalise Month is offered to a superadmin or a user granted canFinalizeMonth.
 * Nothing shows without a signed-in user (the monthly summary renders nothing then, per spec).
 */
export function RecurringRoute() {
  const user = useSignedInUser()
  if (!user) return null
  return <RecurringPage canFinaliseMonth={user.role === 'superadmin' || user.canFinalizeMonth} />
}

export function RecurringAnalyticsRoute() {
  return <RecurringAnalyticsPage />
}
