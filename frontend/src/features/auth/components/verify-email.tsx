import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { CircleCheck, CircleX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { usePageTitle } from '@/components/use-page-title'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { VERIFY_EMAIL_FALLBACK_ERROR, useVerifyEmail } from '../api/verify-email'
import { AuthLayout } from './auth-layout'

export const NO_VERIFICATION_TOKEN = 'No verification token found.'
/** The success screen moves on to /dashboard after 3 s. */
export const VERIFY_REDIRECT_MS = 3000

export function VerifyEmail({ token }: { token: string | undefined }) {
  usePageTitle('Email verification')
  if (!token) {
    return (
      <AuthLayout title="Email Verification">
        <VerifyFailed message={NO_VERIFICATION_TOKEN} />
      </AuthLayout>
    )
  }
  return <VerifyEmailWithToken token={token} />
}

function VerifyEmailWithToken({ token }: { token: string }) {
  const navigate = useNavigate()
  const verifyMutation = useVerifyEmail()
  const { mutate } = verifyMutation

  // A verification token works once: never send it twice (StrictMode runs effects twice).
  const sentFor = useRef<string | null>(null)
  useEffect(() => {
    if (sentFor.current === token) return
    sentFor.current = token
    mutate(token)
  }, [token, mutate])

  const succeeded = verifyMutation.isSuccess
  useEffect(() => {
    if (!succeeded) return
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), VERIFY_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [succeeded, navigate])

  // 409: the link was used already (a second tap on the e-mail's button). The address is
  // verified; there is nothing to fix, only to log in.
  const alreadyVerified = verifyMutation.error instanceof ApiError && verifyMutation.error.status === 409
  return (
    <AuthLayout title="Email Verification">
      {alreadyVerified ? (
        <AlreadyVerified message={getErrorMessage(verifyMutation.error, VERIFY_EMAIL_FALLBACK_ERROR)} />
      ) : verifyMutation.isError ? (
        <VerifyFailed
          message={getErrorMessage(verifyMutation.error, VERIFY_EMAIL_FALLBACK_ERROR)}
        />
      ) : succeeded ? (
        <Stack gap="4" align="center" textAlign="center">
          <Box color="fg.success">
            <CircleCheck size={56} aria-hidden="true" />
          </Box>
          <Text fontSize="lg" fontWeight="semibold">
            Your email has been verified!
          </Text>
          <Text color="fg.muted">
            Welcome, {verifyMutation.data.user.name}. Taking you to your dashboard...
          </Text>
          <Button
            colorPalette="teal"
            w="full"
            onClick={() => navigate('/dashboard', { replace: true })}
          >
            Go to Dashboard
          </Button>
        </Stack>
      ) : (
        <Stack gap="4" align="center" textAlign="center" role="status">
          <Spinner size="xl" color="teal.600" borderWidth="4px" />
          <Text color="fg.muted">Verifying your email...</Text>
        </Stack>
      )}
    </AuthLayout>
  )
}

function AlreadyVerified({ message }: { message: string }) {
  const navigate = useNavigate()
  return (
    <Stack gap="4" align="center" textAlign="center">
      <Box color="fg.success">
        <CircleCheck size={56} aria-hidden="true" />
      </Box>
      <Text fontSize="lg" fontWeight="semibold">
        Your email is already verified
      </Text>
      <Text color="fg.muted">{message}</Text>
      <Button colorPalette="teal" w="full" onClick={() => navigate('/login')}>
        Go to Login
      </Button>
    </Stack>
  )
}

function VerifyFailed({ message }: { message: string }) {
  const navigate = useNavigate()
  return (
    <Stack gap="5">
      <Box alignSelf="center" color="fg.error">
        <CircleX size={56} aria-hidden="true" />
      </Box>
      <ErrorAlert title="Verification failed" message={message} />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button flex={{ sm: '1' }} colorPalette="teal" onClick={() => navigate('/login')}>
          Try Login
        </Button>
        <Button flex={{ sm: '1' }} variant="outline" onClick={() => navigate('/register')}>
          Register Again
        </Button>
      </Stack>
    </Stack>
  )
}
