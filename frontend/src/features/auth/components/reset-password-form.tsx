import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { PasswordField } from '@/components/password-field'
import { PasswordStrength } from '@/components/password-strength'
import { usePageTitle } from '@/components/use-page-title'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { onPasswordRefusal } from '@/lib/password-rule'
import { RESET_PASSWORD_FALLBACK_ERROR, useResetLinkCheck, useResetPassword } from '../api/reset-password'
import { resetPasswordSchema } from '../schemas/reset-password'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'

export const MISSING_RESET_TOKEN =
  'Invalid or missing reset token. Please request a new password reset.'
/** The success screen moves on to /login after 3 s. */
export const RESET_REDIRECT_MS = 3000

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  usePageTitle('Reset password')
  if (!token) return <UnusableLink message={MISSING_RESET_TOKEN} />
  return <ResetPasswordWithToken token={token} />
}

/** A link that cannot set a password: why, and the way to a new one (no form to fill in vain). */
function UnusableLink({ message }: { message: string }) {
  return (
    <AuthLayout title="Reset Password">
      <Stack gap="5">
        <ErrorAlert message={message} />
        <Text textAlign="center">
          <TextLink to="/forgot-password">Request a new reset link</TextLink>
        </Text>
      </Stack>
    </AuthLayout>
  )
}

function ResetPasswordWithToken({ token }: { token: string }) {
  const navigate = useNavigate()
  // Asked before the form shows: an expired or used link is said at once, not after the password
  // has been typed twice. Only the server's refusal (400) hides the form; offline, it stays.
  const check = useResetLinkCheck(token)
  const resetMutation = useResetPassword()
  const { register, handleSubmit, setError, watch, formState: { errors } } = useSchemaForm(resetPasswordSchema, {
    password: '',
    confirmPassword: '',
  })

  const succeeded = resetMutation.isSuccess
  useEffect(() => {
    if (!succeeded) return
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [succeeded, navigate])

  const onSubmit = handleSubmit(({ password }) =>
    resetMutation.mutate(
      { token, password },
      {
        onError: onPasswordRefusal(
          (message) => setError('password', { message }, { shouldFocus: true }),
          () => resetMutation.reset(),
        ),
      },
    ),
  )

  if (succeeded) {
    return (
      <AuthLayout title="Password Reset">
        <Stack gap="5">
          <ErrorAlert
            status="success"
            title="Password reset successful"
            message={
              resetMutation.data?.message ||
              'Your password has been reset. You can now log in with your new password.'
            }
          />
          <Text textAlign="center" color="fg.muted">
            Redirecting you to login...
          </Text>
          <Button colorPalette="teal" onClick={() => navigate('/login', { replace: true })}>
            Go to Login
          </Button>
        </Stack>
      </AuthLayout>
    )
  }

  if (check.isPending) {
    return (
      <AuthLayout title="Reset Password">
        <Stack gap="4" align="center" textAlign="center" role="status">
          <Spinner size="lg" color="teal.600" />
          <Text color="fg.muted">Checking your reset link...</Text>
        </Stack>
      </AuthLayout>
    )
  }
  if (check.error instanceof ApiError && check.error.status === 400) {
    return <UnusableLink message={getErrorMessage(check.error, RESET_PASSWORD_FALLBACK_ERROR)} />
  }

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <AuthForm
        label="Reset password"
        onSubmit={onSubmit}
        {...saveFeedback(resetMutation, RESET_PASSWORD_FALLBACK_ERROR)}
        submitLabel="Reset Password"
        pendingLabel="Resetting..."
        footer={
          <Text textAlign="center" color="fg.muted">
            <TextLink to="/login">Back to Login</TextLink>
          </Text>
        }
      >
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrength password={watch('password')} />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </AuthForm>
    </AuthLayout>
  )
}
