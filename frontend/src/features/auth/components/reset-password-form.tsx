import { Button, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { PasswordField } from '@/components/password-field'
import { usePageTitle } from '@/components/use-page-title'
import { getErrorMessage } from '@/lib/api/client'
import { RESET_PASSWORD_FALLBACK_ERROR, useResetPassword } from '../api/reset-password'
import {
  type ResetPasswordInput,
  type ResetPasswordValues,
  resetPasswordSchema,
} from '../schemas/reset-password'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'

export const MISSING_RESET_TOKEN =
  'Invalid or missing reset token. Please request a new password reset.'
/** The success screen moves on to /login after 3 s. */
export const RESET_REDIRECT_MS = 3000

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  usePageTitle('Reset password')
  if (!token) {
    return (
      <AuthLayout title="Reset Password">
        <Stack gap="5">
          <ErrorAlert message={MISSING_RESET_TOKEN} />
          <Text textAlign="center">
            <TextLink to="/forgot-password">Request a new reset link</TextLink>
          </Text>
        </Stack>
      </AuthLayout>
    )
  }
  return <ResetPasswordWithToken token={token} />
}

function ResetPasswordWithToken({ token }: { token: string }) {
  const navigate = useNavigate()
  const resetMutation = useResetPassword()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })

  const succeeded = resetMutation.isSuccess
  useEffect(() => {
    if (!succeeded) return
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [succeeded, navigate])

  const onSubmit = handleSubmit(({ password }) => resetMutation.mutate({ token, password }))

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

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <AuthForm
        label="Reset password"
        onSubmit={onSubmit}
        error={resetMutation.isError ? getErrorMessage(resetMutation.error, RESET_PASSWORD_FALLBACK_ERROR) : null}
        onDismissError={() => resetMutation.reset()}
        submitLabel="Reset Password"
        pendingLabel="Resetting..."
        pending={resetMutation.isPending}
        footer={
          <Text textAlign="center" color="fg.muted">
            <TextLink to="/login">Back to Login</TextLink>
          </Text>
        }
      >
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          helperText="At least 8 characters with an uppercase letter, a lowercase letter and a number."
          error={errors.password?.message}
          {...register('password')}
        />
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
