import { Button, Stack } from '@chakra-ui/react'
import { type ReactNode, useEffect, useState } from 'react'
import { FormField } from '@/components/form-field'
import { OneTimeCodeField } from '@/components/one-time-code-field'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import type { LoginTwoFactorRequest } from '@/lib/api/types'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { LOGIN_TWO_FACTOR_FALLBACK_ERROR, useLoginTwoFactor } from '../api/login-two-factor'
import { loginCodeSchema, loginRecoveryCodeSchema } from '../schemas/login-two-factor'
import { AuthForm } from './auth-form'
import { AuthLayout } from './auth-layout'

type TwoFactorStepProps = {
  /** The login answer's challenge: kept by the login form in memory only, never stored. */
  challengeToken: string
  onSignedIn: () => void
  /**
   * Back to the password step: asked for, or (with the server's message) because the challenge
   * has ended: it expired, or too many wrong codes locked it.
   */
  onBack: (message?: string) => void
}

type Mode = 'app' | 'recovery'

/** The second step of signing in with two-factor sign-in on: the app's code, or a recovery code. */
export function TwoFactorStep({ challengeToken, onSignedIn, onBack }: TwoFactorStepProps) {
  const [mode, setMode] = useState<Mode>('app')
  const verify = useLoginTwoFactor()
  const send = (body: LoginTwoFactorRequest) =>
    verify.mutate(body, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          onBack(getErrorMessage(error, LOGIN_TWO_FACTOR_FALLBACK_ERROR))
        }
      },
    })
  const switchMode = () => {
    verify.reset()
    setMode(mode === 'app' ? 'recovery' : 'app')
  }

  return (
    <AuthLayout
      title="Two-factor authentication"
      subtitle={
        mode === 'app'
          ? 'Enter the 6-digit code from your authenticator app'
          : 'Enter one of the recovery codes you saved when you turned two-factor authentication on'
      }
    >
      {/* Each kind of code is its own form, mounted afresh when switching. */}
      {mode === 'app' ? (
        <AppCodeForm
          mutation={verify}
          onSubmit={(code) => send({ challengeToken, code })}
          footer={<StepLinks mode={mode} onSwitch={switchMode} onBack={() => onBack()} />}
        />
      ) : (
        <RecoveryCodeForm
          mutation={verify}
          onSubmit={(recoveryCode) => send({ challengeToken, recoveryCode })}
          footer={<StepLinks mode={mode} onSwitch={switchMode} onBack={() => onBack()} />}
        />
      )}
    </AuthLayout>
  )
}

type CodeFormProps = {
  mutation: ReturnType<typeof useLoginTwoFactor>
  onSubmit: (code: string) => void
  footer: ReactNode
}

function AppCodeForm({ mutation, onSubmit, footer }: CodeFormProps) {
  const { register, handleSubmit, setFocus, formState: { errors } } = useSchemaForm(loginCodeSchema, { code: '' })
  useEffect(() => setFocus('code'), [setFocus])
  return (
    <AuthForm
      label="Verify code"
      onSubmit={handleSubmit(({ code }) => onSubmit(code))}
      {...saveFeedback(mutation, LOGIN_TWO_FACTOR_FALLBACK_ERROR)}
      submitLabel="Verify"
      pendingLabel="Verifying..."
      footer={footer}
    >
      <OneTimeCodeField label="Authentication code" error={errors.code?.message} {...register('code')} />
    </AuthForm>
  )
}

function RecoveryCodeForm({ mutation, onSubmit, footer }: CodeFormProps) {
  const { register, handleSubmit, setFocus, formState: { errors } } = useSchemaForm(loginRecoveryCodeSchema, {
    recoveryCode: '',
  })
  useEffect(() => setFocus('recoveryCode'), [setFocus])
  return (
    <AuthForm
      label="Verify recovery code"
      onSubmit={handleSubmit(({ recoveryCode }) => onSubmit(recoveryCode))}
      {...saveFeedback(mutation, LOGIN_TWO_FACTOR_FALLBACK_ERROR)}
      submitLabel="Verify"
      pendingLabel="Verifying..."
      footer={footer}
    >
      <FormField
        label="Recovery code"
        placeholder="abcde-fghij"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.recoveryCode?.message}
        {...register('recoveryCode')}
      />
    </AuthForm>
  )
}

function StepLinks({ mode, onSwitch, onBack }: { mode: Mode; onSwitch: () => void; onBack: () => void }) {
  return (
    <Stack gap="1" align="center">
      <Button type="button" variant="plain" color="teal.fg" onClick={onSwitch}>
        {mode === 'app' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </Button>
      <Button type="button" variant="plain" color="fg.muted" onClick={onBack}>
        Back to Login
      </Button>
    </Stack>
  )
}
