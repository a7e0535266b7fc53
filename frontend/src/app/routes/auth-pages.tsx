import { useLocation } from 'react-router'
import { AccountDisabled, ForgotPasswordForm, RegisterForm } from '@/features/auth'
import { loginPathFor, returnTargetFrom } from '../routing-rules'

/** /register: its ways to /login keep a safe '?next=' target (an invitation's link). */
export function RegisterRoute() {
  const { search } = useLocation()
  return <RegisterForm loginTo={loginPathFor(returnTargetFrom(search))} />
}

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />
}

export function AccountDisabledRoute() {
  return <AccountDisabled />
}
