import { Grid } from '@chakra-ui/react'
import { useState } from 'react'
import { FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { MONTH_NAMES } from '@/lib/calendar-day'
import { type FinaliseFormValues, finaliseSchema } from '@/lib/finalise-month'
import { useSchemaForm } from '@/lib/forms'

type FinaliseMonthFormProps = {
  title: string
  /** The month shown first (this London month), read once when the form opens. */
  initialMonth: () => { year: number; month: number }
  pending: boolean
  /** The refusal, shown in the dialog so another month can be chosen. */
  error: string | null
  onDismissError: () => void
  onSubmit: (values: FinaliseFormValues) => void
}

/**
 * The Finalise Month form of the users and recurring screens: a month (January to December) and
 * a numeric year. Each screen's dialog supplies the call and what happens after it.
 */
export function FinaliseMonthForm(props: FinaliseMonthFormProps) {
  const { title, initialMonth, pending, error, onDismissError, onSubmit } = props
  const [defaults] = useState(() => {
    const { year, month } = initialMonth()
    return { year: String(year), month: String(month) }
  })
  const { register, handleSubmit, formState: { errors } } = useSchemaForm(finaliseSchema, defaults)

  return (
    <FormDialogForm
      title={title}
      onSubmit={handleSubmit(onSubmit)}
      error={error}
      onDismissError={onDismissError}
      submitLabel="Finalise"
      pendingLabel="Finalising..."
      pending={pending}
    >
      <Grid templateColumns="minmax(0, 1fr) 7.5rem" gap="3" alignItems="start">
        <SelectField label="Month" error={errors.month?.message} {...register('month')}>
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Year"
          inputMode="numeric"
          autoComplete="off"
          error={errors.year?.message}
          {...register('year')}
        />
      </Grid>
    </FormDialogForm>
  )
}
