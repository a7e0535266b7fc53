import { Flex, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { FormField } from '@/components/form-field'
import { PasswordField } from '@/components/password-field'
import { usePageTitle } from '@/components/use-page-title'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { isTwoFactorChallenge, LOGIN_FALLBACK_ERROR, useLogin } from '../api/login'
import { loginSchema } from '../schemas/login'
import { AuthForm } from './auth-form'
import { AuthLayout, TextLink } from './auth-layout'
import { TwoFactorStep } from './two-factor-step'

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
  const { register, handleSubmit, setValue, setFocus, formState: { errors } } = useSchemaForm(loginSchema, {
    email: '',
    password: '',
  })
  // A sign-in owing a code (two-factor sign-in on): its challenge lives here, in memory only.
  const [challenge, setChallenge] = useState<string | null>(null)
  // Why the code step sent the visitor back (the challenge expired or was locked).
  const [challengeEnded, setChallengeEnded] = useState<string | null>(null)
  const signedIn = () => navigate(redirectTo, { replace: true })
  // Back on the password step, the password field takes the focus.
  const focusPassword = useRef(false)
  useEffect(() => {
    if (challenge === null && focusPassword.current) {
      focusPassword.current = false
      setFocus('password')
    }
  }, [challenge, setFocus])

  const onSubmit = handleSubmit((values) => {
    setChallengeEnded(null)
    loginMutation.mutate(values, {
      onSuccess: (data) => {
        if (isTwoFactorChallenge(data)) setChallenge(data.challengeToken)
        else void signedIn()
      },
    })
  })

  if (challenge !== null) {
    return (
      <TwoFactorStep
        challengeToken={challenge}
        onSignedIn={() => void signedIn()}
        onBack={(message) => {
          // The e-mail stays; the password is typed again.
          setValue('password', '')
          loginMutation.reset()
          setChallengeEnded(message ?? null)
          setChallenge(null)
          focusPassword.current = true
        }}
      />
    )
  }

  const feedback = saveFeedback(loginMutation, LOGIN_FALLBACK_ERROR)
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to your MySpending account">
      <AuthForm
        label="Login"
        onSubmit={onSubmit}
        {...feedback}
        error={challengeEnded ?? feedback.error}
        onDismissError={() => {
          setChallengeEnded(null)
          feedback.onDismissError()
        }}
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
