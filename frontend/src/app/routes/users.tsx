import { UsersAccessDenied, UsersPage } from '@/features/users'
import { useSignedInUser } from '../use-signed-in-user'

/** /users: User Management for a superadmin; anyone else signed in is told it is not for them. */
export function UsersRoute() {
  const user = useSignedInUser()
  if (!user) return null
  if (user.role !== 'superadmin') return <UsersAccessDenied />
  return <UsersPage currentUserId={user._id} />
}
