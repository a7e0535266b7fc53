import { SecurityPage } from '@/features/security'
import { useSignedInUser } from '../use-signed-in-user'

/** /security: two-factor sign-in and the signed-in devices of the signed-in user. */
export function SecurityRoute() {
  const user = useSignedInUser()
  return <SecurityPage accountEmail={user?.email} />
}
