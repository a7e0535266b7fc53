import { useMemo, useState } from 'react'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { CategoryAccountFields, EntryTypeToggle } from '@/components/ledger-entry-fields'
import { notifyAndClose } from '@/components/notify-and-close'
import { TextareaField } from '@/components/textarea-field'
import { useLoadedOnce } from '@/components/use-loaded-once'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { useCategories } from '@/lib/ledger/get-categories'
import { saveFeedback } from '@/lib/forms'
import { useEntryForm } from '@/lib/ledger/use-entry-form'
import { CREATE_RECURRING_FALLBACK_ERROR, useCreateRecurring } from '../api/create-recurring'
import type { RecurringTemplate } from '../api/types'
import { UPDATE_RECURRING_FALLBACK_ERROR, useUpdateRecurring } from '../api/update-recurring'
import { categoriesForType } from '@/lib/ledger/category-kind'
import {
  emptyRecurringTransactionForm,
  makeRecurringTransactionSchema,
  recurringTransactionToForm,
  toCreateRecurringRequest,
  toUpdateRecurringRequest,
} from '../schemas/recurring-transaction'
import { AmountFrequencyFields, DueFields } from './form-parts'
import { FORM_DATA_ERROR, LoadingForm } from './loading-form'

type RecurringTransactionDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when an income or expense template is given. */
  template?: RecurringTemplate | null
  /** Injected in tests; London's date otherwise. */
  today?: () => string
}

/** Add or edit a recurring income or expense. */
export function RecurringTransactionDialog(props: RecurringTransactionDialogProps) {
  const { open, onClose, template, today = londonToday } = props
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      <FormLoader
        template={template ?? null}
        today={today}
        onDone={notifyAndClose(onClose)}
      />
    </FormDialog>
  )
}

type FormProps = {
  template: RecurringTemplate | null
  today: () => string
  onDone: (message: string) => void
}

/** The selects only show a stored choice if their options exist when they mount. */
function FormLoader(props: FormProps) {
  const accounts = useAccounts()
  const categories = useCategories()
  const ready = useLoadedOnce(accounts, categories)
  if (!ready) {
    return <LoadingForm title={props.template ? 'Edit Recurring Transaction' : 'Add Recurring Transaction'} />
  }
  return <RecurringTransactionForm {...props} />
}

function RecurringTransactionForm(props: FormProps) {
  const { today, onDone } = props
  // Kept from the opening, so the dialog does not change mode while it closes.
  const [template] = useState(props.template)
  const mode = template ? 'edit' : 'create'
  const schema = useMemo(() => makeRecurringTransactionSchema(mode, today), [mode, today])
  const [todayValue] = useState(today)
  const createMutation = useCreateRecurring()
  const updateMutation = useUpdateRecurring()
  const mutation = template ? updateMutation : createMutation
  const entry = useEntryForm(
    schema,
    template ? recurringTransactionToForm(template) : emptyRecurringTransactionForm(todayValue),
    categoriesForType,
  )
  const { register, handleSubmit, control, formState: { errors } } = entry.form

  const onSubmit = handleSubmit((values) => {
    if (template) {
      updateMutation.mutate(
        { id: template._id, body: toUpdateRecurringRequest(values) },
        { onSuccess: (res) => onDone(res.message || 'Recurring transaction updated successfully') },
      )
    } else {
      createMutation.mutate(toCreateRecurringRequest(values), {
        onSuccess: (res) => onDone(res.message || 'Recurring transaction created successfully'),
      })
    }
  })

  const title = template ? 'Edit Recurring Transaction' : 'Add Recurring Transaction'

  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      loadError={entry.choicesFailed ? FORM_DATA_ERROR : null}
      {...saveFeedback(mutation, template ? UPDATE_RECURRING_FALLBACK_ERROR : CREATE_RECURRING_FALLBACK_ERROR)}
      submitLabel={template ? 'Update Template' : 'Create Template'}
      pendingLabel={template ? 'Updating...' : 'Creating...'}
    >
      <EntryTypeToggle labelId="recurring-type-label" {...entry.typeToggle} />
      <AmountFrequencyFields
        amount={register('amount')}
        frequency={register('frequency')}
        amountError={errors.amount?.message}
        frequencyError={errors.frequency?.message}
      />
      <FormField label="Description" autoComplete="off" {...entry.description} />
      <CategoryAccountFields {...entry.categoryAccount} />
      <DueFields
        mode={mode}
        control={control}
        today={todayValue}
        startDate={template?.startDate ?? ''}
        errors={{ startDate: errors.startDate?.message, nextDue: errors.nextDue?.message }}
      />
      <TextareaField label="Notes" placeholder="Optional" {...entry.notes} />
    </FormDialogForm>
  )
}
