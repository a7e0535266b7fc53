import { useLocation } from 'react-router'
import { LoginForm } from '@/features/auth'
import { DEFAULT_SIGNED_IN_PATH, returnTargetFrom } from '../routing-rules'

/** /login: after signing in, back to the safe '?next=' target, otherwise the dashboard. */
export function LoginRoute() {
  const { search } = useLocation()
  return <LoginForm redirectTo={returnTargetFrom(search) ?? DEFAULT_SIGNED_IN_PATH} />
}
