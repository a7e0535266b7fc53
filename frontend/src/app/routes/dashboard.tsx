import { DashboardPage } from '@/features/dashboard'
import { useUser } from '@/features/auth'

export function DashboardRoute() {
  const { data: user } = useUser()
  return <DashboardPage userName={user?.name ?? ''} />
}
