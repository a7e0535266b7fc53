import { useParams } from 'react-router'
import { ResetPasswordForm, VerifyEmail } from '@/features/auth'

export function ResetPasswordRoute() {
  const { token } = useParams()
  return <ResetPasswordForm key={token} token={token} />
}

export function VerifyEmailRoute() {
  const { token } = useParams()
  return <VerifyEmail key={token} token={token} />
}
