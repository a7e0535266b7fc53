import { Button, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { CircleCheck } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/form-field'
import { PasswordField } from '@/components/password-field'
import { usePageTitle } from '@/components/use-page-title'
import { getErrorMessage } from '@/lib/api/client'
import { REGISTER_FALLBACK_ERROR, useRegister } from '../api/register'
import { type RegisterInput, type RegisterValues, registerSchema } from '../schemas/register'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'

export function RegisterForm() {
  usePageTitle('Sign up')
  const registerMutation = useRegister()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(({ name, email, password }) => {
    registerMutation.mutate({ name, email, password })
  })

  if (registerMutation.isSuccess) {
    return <RegisterSuccess email={registerMutation.variables.email} />
  }

  return (
    <AuthLayout title="Create your account" subtitle="Start tracking your spending in minutes">
      <AuthForm
        label="Register"
        onSubmit={onSubmit}
        error={registerMutation.isError ? getErrorMessage(registerMutation.error, REGISTER_FALLBACK_ERROR) : null}
        onDismissError={() => registerMutation.reset()}
        submitLabel="Sign Up"
        pendingLabel="Creating account..."
        pending={registerMutation.isPending}
        footer={
          <Text textAlign="center" color="fg.muted">
            Already have an account? <TextLink to="/login">Login</TextLink>
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

function RegisterSuccess({ email }: { email: string }) {
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
        <Button colorPalette="teal" size="lg" w="full" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </Stack>
    </AuthLayout>
  )
}
