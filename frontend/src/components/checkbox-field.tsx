import { Checkbox } from '@chakra-ui/react'
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form'

type CheckboxFieldProps<T extends FieldValues, TContext, TOutput extends FieldValues> = {
  control: Control<T, TContext, TOutput>
  /** A boolean field of the form. */
  name: FieldPathByValue<T, boolean>
  label: string
}

/** A labelled checkbox bound to a boolean field of a react-hook-form form. */
export function CheckboxField<T extends FieldValues, TContext = unknown, TOutput extends FieldValues = T>({
  control,
  name,
  label,
}: CheckboxFieldProps<T, TContext, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value}
          onCheckedChange={(details) => field.onChange(details.checked === true)}
          colorPalette="teal"
        >
          <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} name={field.name} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  )
}
