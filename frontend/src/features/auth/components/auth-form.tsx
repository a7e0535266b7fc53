import { Button, Stack } from '@chakra-ui/react'
import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react'
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
  const form = useRef<HTMLFormElement>(null)
  // The login and sign-up pages are prerendered (src/prerender): the form shows before the app
  // runs, and a submission then waits (public/theme-init.js holds it back and marks the form). Once
  // the app has the form, it is sent, with what was typed meanwhile (react-hook-form keeps edited
  // fields).
  useEffect(() => {
    const element = form.current
    if (!element) return
    element.dataset.ready = ''
    if (element.dataset.submitWhenReady === undefined) return
    delete element.dataset.submitWhenReady
    element.requestSubmit()
  }, [])
  return (
    // POST, though the app sends the form itself: a browser that sends the prerendered form
    // without the app (no JavaScript) must not put the password in the address, as a GET would.
    <form ref={form} onSubmit={onSubmit} noValidate aria-label={label} method="post">
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
