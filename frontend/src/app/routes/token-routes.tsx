import { useParams } from 'react-router'
import { AuthLayout, ResetPasswordForm, VerifyEmail } from '@/features/auth'
import { AcceptInvitation, SignInToAccept } from '@/features/household'
import { loginPathFor, registerPathFor } from '../routing-rules'
import { useSignedInUser } from '../use-signed-in-user'

export function ResetPasswordRoute() {
  const { token } = useParams()
  return <ResetPasswordForm key={token} token={token} />
}

export function VerifyEmailRoute() {
  const { token } = useParams()
  return <VerifyEmail key={token} token={token} />
}

/**
 * /accept-invitation/:token, the link of an invitation e-mail. Signed in, the user joins from
 * here; signed out, they sign in or register first and come back ('?next=').
 */
export function AcceptInvitationRoute() {
  const { token = '' } = useParams()
  const user = useSignedInUser()
  const here = `/accept-invitation/${encodeURIComponent(token)}`
  return (
    <AuthLayout title="Join a household">
      {user ? (
        <AcceptInvitation key={token} token={token} email={user.email} />
      ) : (
        <SignInToAccept loginTo={loginPathFor(here)} registerTo={registerPathFor(here)} />
      )}
    </AuthLayout>
  )
}
