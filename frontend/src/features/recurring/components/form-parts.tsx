import { SimpleGrid } from '@chakra-ui/react'
import { type Control, Controller, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form'
import { DateField } from '@/components/date-field'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { formatUkDay } from '@/lib/calendar-day'
import { FREQUENCIES, FREQUENCY_LABELS } from '../lib/frequency'
import type { FormMode } from '../schemas/fields'

type DueFieldsProps<T extends FieldValues, TOut extends FieldValues> = {
  mode: FormMode
  control: Control<T, unknown, TOut>
  /** London's today: the earliest day the calendar offers. */
  today: string
  /** The stored start date, shown locked when editing. */
  startDate: string
  errors: { startDate?: string; nextDue?: string }
}

/**
 * The date fields of both recurring forms: the start date when creating; when editing, the
 * start date locked and the next due date to change.
 */
export function DueFields<T extends FieldValues, TOut extends FieldValues>(props: DueFieldsProps<T, TOut>) {
  const { mode, control, today, startDate, errors } = props
  const dayField = (name: 'startDate' | 'nextDue', label: string, error: string | undefined) => (
    <Controller
      control={control}
      name={name as Path<T>}
      render={({ field }) => (
        <DateField
          ref={field.ref}
          label={label}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          min={today}
          error={error}
        />
      )}
    />
  )
  if (mode === 'create') return dayField('startDate', 'Start Date', errors.startDate)
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField
        label="Start Date"
        value={formatUkDay(startDate)}
        readOnly
        disabled
        helperText="The start date cannot be changed"
      />
      {dayField('nextDue', 'Next Due Date', errors.nextDue)}
    </SimpleGrid>
  )
}

type AmountFrequencyFieldsProps = {
  /** `register('amount')` and `register('frequency')` of the form. */
  amount: UseFormRegisterReturn
  frequency: UseFormRegisterReturn
  amountError?: string
  frequencyError?: string
}

/** Both recurring forms' Amount (£0.01 to £999,999.99) and Frequency, side by side from md up. */
export function AmountFrequencyFields({ amount, frequency, amountError, frequencyError }: AmountFrequencyFieldsProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField
        label="Amount"
        inputMode="decimal"
        placeholder="0.00"
        autoComplete="off"
        error={amountError}
        helperText="Between £0.01 and £999,999.99"
        {...amount}
      />
      <SelectField label="Frequency" error={frequencyError} {...frequency}>
        {FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </SelectField>
    </SimpleGrid>
  )
}
