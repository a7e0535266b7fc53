import { Field, NativeSelect } from '@chakra-ui/react'
import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react'

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  label: string
  error?: string
  helperText?: string
  /** Shown as the first, empty option. */
  placeholder?: string
  size?: 'sm' | 'md' | 'lg'
  children: ReactNode
}

/** A labelled native select with its validation message, for react-hook-form's register(). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, helperText, placeholder, size = 'lg', children, disabled, ...selectProps },
  ref,
) {
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field ref={ref} placeholder={placeholder} {...selectProps}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helperText ? (
        <Field.HelperText>{helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  )
})
