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

export function ReportsRoute() {
  return <ReportsPage />
}
