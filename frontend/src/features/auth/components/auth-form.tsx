import { Button, Stack } from '@chakra-ui/react'
import type { FormEventHandler, ReactNode } from 'react'
import { ErrorAlert } from '@/components/error-alert'

type AuthFormProps = {
  /** Names the form for assistive technology. */
  label: string
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The server's refusal. */
  error: string | null
  onDismissError: () => void
  submitLabel: string
  pendingLabel: string
  pending: boolean
  /** The fields (and anything else above the submit button). */
  children: ReactNode
  /** Below the submit button, e.g. a link to another auth screen. */
  footer: ReactNode
}

/** An auth screen's form: the server's error, the fields, a large submit button and a footer line. */
export function AuthForm(props: AuthFormProps) {
  const { label, onSubmit, error, onDismissError, submitLabel, pendingLabel, pending, children, footer } =
    props
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="5">
        <ErrorAlert message={error} onClose={onDismissError} />
        {children}
        <Button type="submit" colorPalette="teal" size="lg" loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  )
}
