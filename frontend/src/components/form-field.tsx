import { Field, Input, type InputProps } from '@chakra-ui/react'
import { forwardRef } from 'react'

type FormFieldProps = InputProps & {
  label: string
  error?: string
  helperText?: string
}

/**
 * A labelled input with its validation message, for react-hook-form's
 * register(). Validation is the zod schema's job, so no native `required`.
 */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, helperText, ...inputProps },
  ref,
) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input ref={ref} size="lg" {...inputProps} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helperText ? (
        <Field.HelperText>{helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  )
})
