import { useUser } from '@/features/auth'
import { BudgetAnalyticsPage, BudgetsPage } from '@/features/budgets'
import { ReportsPage } from '@/features/reports'

/** Budgets: Finalise Month is offered to a superadmin only. */
export function BudgetsRoute() {
  const { data: user } = useUser()
  return <BudgetsPage canFinaliseMonth={user?.role === 'superadmin'} />
}

export function BudgetAnalyticsRoute() {
  return <BudgetAnalyticsPage />
}

/** Reports open on the calendar year or the tax year, as the profile says. */
export function ReportsRoute() {
  const { data: user } = useUser()
  return <ReportsPage preferredView={user?.reportYear} />
}
