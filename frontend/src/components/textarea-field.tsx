import { Field, Textarea, type TextareaProps } from '@chakra-ui/react'
import { forwardRef } from 'react'

type TextareaFieldProps = TextareaProps & {
  label: string
  error?: string
  helperText?: string
}

/** A labelled textarea with its validation message, for react-hook-form's register(). */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, helperText, ...props }, ref) {
    return (
      <Field.Root invalid={!!error}>
        <Field.Label>{label}</Field.Label>
        <Textarea ref={ref} autoresize rows={2} {...props} />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : helperText ? (
          <Field.HelperText>{helperText}</Field.HelperText>
        ) : null}
      </Field.Root>
    )
  },
)
