import { FinaliseMonthForm } from '@/components/finalise-month-form'
import { FormDialog } from '@/components/form-dialog'
import { getErrorMessage } from '@/lib/api/client'
import { dayParts } from '@/lib/calendar-day'
import {
  FINALIZE_RECURRING_FALLBACK_ERROR,
  FINALIZE_RECURRING_SUCCESS,
  useFinalizeRecurringMonth,
} from '../api/finalize-recurring-month'

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
  const finalize = useFinalizeRecurringMonth()
  return (
    <FinaliseMonthForm
      title="Finalise Month"
      initialMonth={() => dayParts(today())!}
      pending={finalize.isPending}
      error={finalize.isError ? getErrorMessage(finalize.error, FINALIZE_RECURRING_FALLBACK_ERROR) : null}
      onDismissError={() => finalize.reset()}
      onSubmit={(body) =>
        finalize.mutate(body, {
          onSuccess: (res) => onDone(res.message || FINALIZE_RECURRING_SUCCESS),
          onError: (error) => console.error(getErrorMessage(error, FINALIZE_RECURRING_FALLBACK_ERROR), error),
        })
      }
    />
  )
}
