import { useUser } from '@/features/auth/session'
import { HouseholdPage } from '@/features/household'

export function HouseholdRoute() {
  const user = useUser()
  return <HouseholdPage currentUserId={user.data?._id} />
}
