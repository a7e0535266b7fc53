import { useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { CategoryAccountFields, EntryTypeToggle } from '@/components/ledger-entry-fields'
import { notifyAndClose } from '@/components/notify-and-close'
import { TextareaField } from '@/components/textarea-field'
import { useLoadedOnce } from '@/components/use-loaded-once'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { withChosenCategory } from '@/lib/ledger/category-choice'
import { useCategories } from '@/lib/ledger/get-categories'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { CREATE_RECURRING_FALLBACK_ERROR, useCreateRecurring } from '../api/create-recurring'
import type { RecurringEntryType, RecurringTemplate } from '../api/types'
import { UPDATE_RECURRING_FALLBACK_ERROR, useUpdateRecurring } from '../api/update-recurring'
import { recurringCategories } from '../lib/category-filter'
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
  const accounts = useAccounts()
  const categories = useCategories()
  const createMutation = useCreateRecurring()
  const updateMutation = useUpdateRecurring()
  const mutation = template ? updateMutation : createMutation

  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useSchemaForm(schema, template ? recurringTransactionToForm(template) : emptyRecurringTransactionForm(todayValue))
  const type = useWatch({ control, name: 'type' })
  const selectedCategory = useWatch({ control, name: 'categoryId' })

  // The toggle sets the type and clears a category the other type's list may not have.
  const switchType = (next: RecurringEntryType) => {
    if (next === type) return
    setValue('type', next)
    setValue('categoryId', '')
  }

  const categoryOptions = useMemo(() => {
    const all = categories.data ?? []
    return withChosenCategory(recurringCategories(type === 'income' ? 'income' : 'expense', all), all, selectedCategory)
  }, [categories.data, type, selectedCategory])

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
  const noAccounts = accounts.isSuccess && accounts.data.accounts.length === 0

  return (
    <FormDialogForm
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      loadError={accounts.isError || categories.isError ? FORM_DATA_ERROR : null}
      {...saveFeedback(mutation, template ? UPDATE_RECURRING_FALLBACK_ERROR : CREATE_RECURRING_FALLBACK_ERROR)}
      submitLabel={template ? 'Update Template' : 'Create Template'}
      pendingLabel={template ? 'Updating...' : 'Creating...'}
    >
      <EntryTypeToggle
        labelId="recurring-type-label"
        value={type}
        onChange={switchType}
        error={errors.type?.message}
      />
      <AmountFrequencyFields
        amount={register('amount')}
        frequency={register('frequency')}
        amountError={errors.amount?.message}
        frequencyError={errors.frequency?.message}
      />
      <FormField
        label="Description"
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      <CategoryAccountFields
        categories={categoryOptions}
        accounts={accounts.data?.accounts ?? []}
        noAccounts={noAccounts}
        category={register('categoryId')}
        account={register('accountId')}
        categoryError={errors.categoryId?.message}
        accountError={errors.accountId?.message}
      />
      <DueFields
        mode={mode}
        control={control}
        today={todayValue}
        startDate={template?.startDate ?? ''}
        errors={{ startDate: errors.startDate?.message, nextDue: errors.nextDue?.message }}
      />
      <TextareaField
        label="Notes"
        placeholder="Optional"
        error={errors.notes?.message}
        {...register('notes')}
      />
    </FormDialogForm>
  )
}
