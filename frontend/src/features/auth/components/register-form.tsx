import { Button, Stack, Text } from '@chakra-ui/react'
import { CircleCheck } from 'lucide-react'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/form-field'
import { PasswordField } from '@/components/password-field'
import { PasswordStrength } from '@/components/password-strength'
import { usePageTitle } from '@/components/use-page-title'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { onPasswordRefusal } from '@/lib/password-rule'
import { REGISTER_FALLBACK_ERROR, useRegister } from '../api/register'
import { registerSchema } from '../schemas/register'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'

type RegisterFormProps = {
  /** The Login link and Go to Login: /login, carrying the app's '?next=' target when there is one. */
  loginTo?: string
}

export function RegisterForm({ loginTo = '/login' }: RegisterFormProps) {
  usePageTitle('Sign up')
  const registerMutation = useRegister()
  const { register, handleSubmit, setError, watch, formState: { errors } } = useSchemaForm(registerSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  })

  const onSubmit = handleSubmit(({ name, email, password }) => {
    registerMutation.mutate(
      { name, email, password },
      {
        onError: onPasswordRefusal(
          (message) => setError('password', { message }, { shouldFocus: true }),
          () => registerMutation.reset(),
        ),
      },
    )
  })

  if (registerMutation.isSuccess) {
    return <RegisterSuccess email={registerMutation.variables.email} loginTo={loginTo} />
  }

  return (
    <AuthLayout title="Create your account" subtitle="Start tracking your spending in minutes">
      <AuthForm
        label="Register"
        onSubmit={onSubmit}
        {...saveFeedback(registerMutation, REGISTER_FALLBACK_ERROR)}
        submitLabel="Sign Up"
        pendingLabel="Creating account..."
        footer={
          <Text textAlign="center" color="fg.muted">
            Already have an account? <TextLink to={loginTo}>Login</TextLink>
          </Text>
        }
      >
        <FormField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrength password={watch('password')} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </AuthForm>
    </AuthLayout>
  )
}

function RegisterSuccess({ email, loginTo }: { email: string; loginTo: string }) {
  const navigate = useNavigate()
  return (
    <AuthLayout title="Account Created!">
      <Stack gap="5" align="center" textAlign="center">
        <CircleCheck size={56} color="var(--chakra-colors-fg-success)" aria-hidden="true" />
        <Text>
          We&apos;ve sent a verification link to <strong>{email}</strong>.
        </Text>
        <Text color="fg.muted">
          Please check your inbox and click the link to verify your email address before
          logging in.
        </Text>
        <Button colorPalette="teal" size="lg" w="full" onClick={() => navigate(loginTo)}>
          Go to Login
        </Button>
      </Stack>
    </AuthLayout>
  )
}
