import { Flex, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/form-field'
import { PasswordField } from '@/components/password-field'
import { usePageTitle } from '@/components/use-page-title'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { LOGIN_FALLBACK_ERROR, useLogin } from '../api/login'
import { loginSchema } from '../schemas/login'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'

type LoginFormProps = {
  /** Where a successful sign-in goes; the app passes the safe '?next=' target. */
  redirectTo?: string
  /** The Sign Up link: /register, carrying that target when there is one. */
  registerTo?: string
}

export function LoginForm({ redirectTo = '/dashboard', registerTo = '/register' }: LoginFormProps) {
  usePageTitle('Login')
  const navigate = useNavigate()
  const loginMutation = useLogin()
  const { register, handleSubmit, formState: { errors } } = useSchemaForm(loginSchema, { email: '', password: '' })

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: () => navigate(redirectTo, { replace: true }),
    })
  })

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to your MySpending account">
      <AuthForm
        label="Login"
        onSubmit={onSubmit}
        {...saveFeedback(loginMutation, LOGIN_FALLBACK_ERROR)}
        submitLabel="Login"
        pendingLabel="Signing in..."
        footer={
          <Text textAlign="center" color="fg.muted">
            Don&apos;t have an account? <TextLink to={registerTo}>Sign Up</TextLink>
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
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Flex justify="flex-end">
          <TextLink to="/forgot-password">Forgot password?</TextLink>
        </Flex>
      </AuthForm>
    </AuthLayout>
  )
}
