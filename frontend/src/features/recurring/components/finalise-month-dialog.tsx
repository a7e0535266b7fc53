import { Grid } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { dayParts } from '@/lib/calendar-day'
import {
  FINALIZE_RECURRING_FALLBACK_ERROR,
  FINALIZE_RECURRING_SUCCESS,
  useFinalizeRecurringMonth,
} from '../api/finalize-recurring-month'
import { MONTH_NAMES } from '../lib/summary'
import { type FinaliseFormInput, type FinaliseFormValues, finaliseSchema } from '../schemas/finalise'

type FinaliseMonthDialogProps = {
  open: boolean
  onClose: () => void
  /** The server's message (or the spec's) once the month is finalised. */
  onFinalised: (message: string) => void
  today: () => string
}

/**
 * Finalise Month of the recurring screen: month and year, this London month by default. The
 * spec only logs a failure; the refusal also stays in the dialog, so another month can be chosen.
 */
export function FinaliseMonthDialog({ open, onClose, onFinalised, today }: FinaliseMonthDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} responsive={false}>
      <FinaliseForm
        today={today}
        onDone={(message) => {
          onFinalised(message)
          onClose()
        }}
      />
    </FormDialog>
  )
}

function FinaliseForm({ today, onDone }: { today: () => string; onDone: (message: string) => void }) {
  const [defaults] = useState(() => {
    const { year, month } = dayParts(today())!
    return { year: String(year), month: String(month) }
  })
  const finalize = useFinalizeRecurringMonth()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FinaliseFormInput, unknown, FinaliseFormValues>({
    resolver: zodResolver(finaliseSchema),
    defaultValues: defaults,
  })

  const onSubmit = handleSubmit((body) => {
    finalize.mutate(body, {
      onSuccess: (res) => onDone(res.message || FINALIZE_RECURRING_SUCCESS),
      onError: (error) => console.error(getErrorMessage(error, FINALIZE_RECURRING_FALLBACK_ERROR), error),
    })
  })

  return (
    <FormDialogForm
      title="Finalise Month"
      onSubmit={onSubmit}
      error={finalize.isError ? getErrorMessage(finalize.error, FINALIZE_RECURRING_FALLBACK_ERROR) : null}
      onDismissError={() => finalize.reset()}
      submitLabel="Finalise"
      pendingLabel="Finalising..."
      pending={finalize.isPending}
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
