import { Box, Button, List, Stack, Text } from '@chakra-ui/react'
import { MailCheck } from 'lucide-react'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/form-field'
import { usePageTitle } from '@/components/use-page-title'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { FORGOT_PASSWORD_FALLBACK_ERROR, useForgotPassword } from '../api/forgot-password'
import { forgotPasswordSchema } from '../schemas/forgot-password'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'

export function ForgotPasswordForm() {
  usePageTitle('Forgot password')
  const forgotMutation = useForgotPassword()
  const { register, handleSubmit, formState: { errors } } = useSchemaForm(forgotPasswordSchema, { email: '' })

  const onSubmit = handleSubmit((values) => forgotMutation.mutate(values))

  if (forgotMutation.isSuccess) {
    return (
      <CheckYourEmail
        email={forgotMutation.variables.email}
        onSendAnother={() => forgotMutation.reset()}
      />
    )
  }

  return (
    <AuthLayout
      title="Forgot Password"
      subtitle="Enter your email address and we'll send you a link to reset your password."
    >
      <AuthForm
        label="Forgot password"
        onSubmit={onSubmit}
        {...saveFeedback(forgotMutation, FORGOT_PASSWORD_FALLBACK_ERROR)}
        submitLabel="Send Reset Link"
        pendingLabel="Sending..."
        footer={
          <Text textAlign="center" color="fg.muted">
            Remembered it? <TextLink to="/login">Back to Login</TextLink>
          </Text>
        }
      >
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </AuthForm>
    </AuthLayout>
  )
}

function CheckYourEmail({ email, onSendAnother }: { email: string; onSendAnother: () => void }) {
  const navigate = useNavigate()
  return (
    <AuthLayout title="Check Your Email">
      <Stack gap="5">
        <Box alignSelf="center" color="teal.fg">
          <MailCheck size={56} aria-hidden="true" />
        </Box>
        <Text textAlign="center">
          If an account with <strong>{email}</strong> exists, you will receive a password reset
          link shortly.
        </Text>
        <Box bg="bg.muted" borderRadius="md" p="4">
          <Text fontWeight="semibold" mb="2">
            Didn&apos;t get it?
          </Text>
          <List.Root ps="5" gap="1" color="fg.muted">
            <List.Item>Check your spam or junk folder.</List.Item>
            <List.Item>The link expires in 15 minutes.</List.Item>
            <List.Item>You can request another email if this one does not arrive.</List.Item>
          </List.Root>
        </Box>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button flex={{ sm: '1' }} colorPalette="teal" onClick={() => navigate('/login')}>
            Back to Login
          </Button>
          <Button flex={{ sm: '1' }} variant="outline" onClick={onSendAnother}>
            Send Another Email
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  )
}
