import { FinaliseMonthForm } from '@/components/finalise-month-form'
import { FormDialog } from '@/components/form-dialog'
import { getErrorMessage } from '@/lib/api/client'
import { londonYearMonth } from '@/lib/calendar-day'
import { FINALIZE_FALLBACK_ERROR, FINALIZE_SUCCESS, useFinalizeForUser } from '../api/finalize-for-user'
import type { ManagedUser } from '../api/types'

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
  const finalize = useFinalizeForUser()
  return (
    <FinaliseMonthForm
      title={`Finalise Month for ${user.name}`}
      initialMonth={() => londonYearMonth()}
      pending={finalize.isPending}
      error={finalize.isError ? getErrorMessage(finalize.error, FINALIZE_FALLBACK_ERROR) : null}
      onDismissError={() => finalize.reset()}
      onSubmit={({ year, month }) =>
        finalize.mutate(
          { userId: user._id, year, month },
          { onSuccess: (res) => onDone(res.message || FINALIZE_SUCCESS) },
        )
      }
    />
  )
}
