import { useLocation } from 'react-router'
import { LoginForm } from '@/features/auth'
import { DEFAULT_SIGNED_IN_PATH, registerPathFor, returnTargetFrom } from '../routing-rules'

/**
 * /login: after signing in, back to the safe '?next=' target, otherwise the dashboard. Its link
 * to /register keeps the target.
 */
export function LoginRoute() {
  const { search } = useLocation()
  const next = returnTargetFrom(search)
  return <LoginForm redirectTo={next ?? DEFAULT_SIGNED_IN_PATH} registerTo={registerPathFor(next)} />
}
