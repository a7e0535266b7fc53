import { AccountDisabled, ForgotPasswordForm, RegisterForm } from '@/features/auth'

export function RegisterRoute() {
  return <RegisterForm />
}

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />
}

export function AccountDisabledRoute() {
  return <AccountDisabled />
}
