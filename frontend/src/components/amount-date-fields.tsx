import { SimpleGrid } from '@chakra-ui/react'
import { type Control, Controller, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form'
import { DateField } from '@/components/date-field'
import { FormField } from '@/components/form-field'

type AmountDateFieldsProps<T extends FieldValues, Out extends FieldValues> = {
  /** The form's control (its parsed values may differ from the input, e.g. pence). */
  control: Control<T, unknown, Out>
  /** `register('amount')` of the form. */
  amount: UseFormRegisterReturn
  amountError?: string
  /** The form's day field ('YYYY-MM-DD'). */
  dateName: Path<T>
  dateError?: string
  /** The latest day the picker offers (today, for money already moved). */
  maxDate?: string
}

/** A money form's first row: Amount (decimal text) and Date, side by side from md up. */
export function AmountDateFields<T extends FieldValues, Out extends FieldValues>(props: AmountDateFieldsProps<T, Out>) {
  const { control, amount, amountError, dateName, dateError, maxDate } = props
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label="Amount" inputMode="decimal" placeholder="0.00" autoComplete="off" error={amountError} {...amount} />
      <Controller
        control={control}
        name={dateName}
        render={({ field }) => (
          <DateField
            ref={field.ref}
            label="Date"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            max={maxDate}
            error={dateError}
          />
        )}
      />
    </SimpleGrid>
  )
}
