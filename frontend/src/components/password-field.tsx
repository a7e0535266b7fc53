import { Field, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react'
import { Eye, EyeOff } from 'lucide-react'
import { forwardRef, useState } from 'react'

type PasswordFieldProps = Omit<InputProps, 'type'> & {
  label: string
  error?: string
  helperText?: string
}

/** A labelled password input with a show/hide toggle and its validation message. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ label, error, helperText, ...inputProps }, ref) {
    const [visible, setVisible] = useState(false)
    return (
      <Field.Root invalid={!!error}>
        <Field.Label>{label}</Field.Label>
        <InputGroup
          endElement={
            <IconButton
              type="button"
              variant="ghost"
              size="sm"
              me="-2"
              aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeOff /> : <Eye />}
            </IconButton>
          }
        >
          <Input ref={ref} size="lg" type={visible ? 'text' : 'password'} {...inputProps} />
        </InputGroup>
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : helperText ? (
          <Field.HelperText>{helperText}</Field.HelperText>
        ) : null}
      </Field.Root>
    )
  },
)
