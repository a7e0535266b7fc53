import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { FormField } from './form-field'

type OneTimeCodeFieldProps = Omit<ComponentPropsWithoutRef<typeof FormField>, 'type' | 'inputMode' | 'autoComplete'>

/**
 * The field of a code from an authenticator app: a phone shows its number pad, and offers a code
 * it was sent or keeps (autocomplete one-time-code).
 */
export const OneTimeCodeField = forwardRef<HTMLInputElement, OneTimeCodeFieldProps>(function OneTimeCodeField(
  props,
  ref,
) {
  return (
    <FormField ref={ref} type="text" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} {...props} />
  )
})
