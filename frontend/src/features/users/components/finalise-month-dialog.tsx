import { Grid } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { FINALIZE_FALLBACK_ERROR, FINALIZE_SUCCESS, useFinalizeForUser } from '../api/finalize-for-user'
import type { ManagedUser } from '../api/types'
import { currentLondonMonth, MONTH_NAMES } from '../lib/labels'
import { type FinaliseFormInput, type FinaliseFormValues, finaliseSchema } from '../schemas/finalise'

type FinaliseMonthDialogProps = {
  /** Whose month; kept by the page while the dialog animates out. */
  user: ManagedUser | null
  open: boolean
  onClose: () => void
  /** The server's message (or the spec's) once the month is finalised. */
  onFinalised: (message: string) => void
}

/**
 * Finalise Month for a chosen user: month and year, this London month by
 * default. A refusal stays in the dialog, so another month can be chosen.
 */
export function FinaliseMonthDialog({ user, open, onClose, onFinalised }: FinaliseMonthDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} responsive={false}>
      {user ? (
        <FinaliseForm
          user={user}
          onDone={(message) => {
            onFinalised(message)
            onClose()
          }}
        />
      ) : null}
    </FormDialog>
  )
}

function FinaliseForm({ user, onDone }: { user: ManagedUser; onDone: (message: string) => void }) {
  const [defaults] = useState(() => {
    const { year, month } = currentLondonMonth()
    return { year: String(year), month: String(month) }
  })
  const finalize = useFinalizeForUser()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FinaliseFormInput, unknown, FinaliseFormValues>({
    resolver: zodResolver(finaliseSchema),
    defaultValues: defaults,
  })

  const onSubmit = handleSubmit(({ year, month }) => {
    finalize.mutate(
      { userId: user._id, year, month },
      { onSuccess: (res) => onDone(res.message || FINALIZE_SUCCESS) },
    )
  })

  return (
    <FormDialogForm
      title={`Finalise Month for ${user.name}`}
      onSubmit={onSubmit}
      error={finalize.isError ? getErrorMessage(finalize.error, FINALIZE_FALLBACK_ERROR) : null}
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
