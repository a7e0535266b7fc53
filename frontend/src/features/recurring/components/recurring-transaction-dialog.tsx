import { Button, Field, Group, SimpleGrid } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { AccountOptions } from '@/components/account-options'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { TextareaField } from '@/components/textarea-field'
import { getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { useCategories } from '@/lib/ledger/get-categories'
import { CREATE_RECURRING_FALLBACK_ERROR, useCreateRecurring } from '../api/create-recurring'
import type { RecurringEntryType, RecurringTemplate } from '../api/types'
import { UPDATE_RECURRING_FALLBACK_ERROR, useUpdateRecurring } from '../api/update-recurring'
import { recurringCategories } from '../lib/category-filter'
import { FREQUENCIES, FREQUENCY_LABELS } from '../lib/frequency'
import {
  emptyRecurringTransactionForm,
  makeRecurringTransactionSchema,
  type RecurringTransactionFormInput,
  type RecurringTransactionFormValues,
  recurringTransactionToForm,
  toCreateRecurringRequest,
  toUpdateRecurringRequest,
} from '../schemas/recurring-transaction'
import { DueFields } from './form-parts'
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
        onDone={(message) => {
          notifySuccess(message)
          onClose()
        }}
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
  const [ready, setReady] = useState(false)
  if (!ready && !accounts.isPending && !categories.isPending) setReady(true)
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
  } = useForm<RecurringTransactionFormInput, unknown, RecurringTransactionFormValues>({
    resolver: zodResolver(schema),
    defaultValues: template ? recurringTransactionToForm(template) : emptyRecurringTransactionForm(todayValue),
  })
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
    const shown = recurringCategories(type === 'income' ? 'income' : 'expense', all)
    // When editing, keep the stored category even if the toggle's list would hide it.
    const current = all.find((c) => c._id === selectedCategory)
    return current && !shown.includes(current) ? [current, ...shown] : shown
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
  const serverError = mutation.isError
    ? getErrorMessage(mutation.error, template ? UPDATE_RECURRING_FALLBACK_ERROR : CREATE_RECURRING_FALLBACK_ERROR)
    : null
  const noAccounts = accounts.isSuccess && accounts.data.accounts.length === 0

  return (
    <FormDialogForm
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      loadError={accounts.isError || categories.isError ? FORM_DATA_ERROR : null}
      error={serverError}
      onDismissError={() => mutation.reset()}
      submitLabel={template ? 'Update Template' : 'Create Template'}
      pendingLabel={template ? 'Updating...' : 'Creating...'}
      pending={mutation.isPending}
    >
      <Field.Root invalid={!!errors.type}>
        <Field.Label id="recurring-type-label">Type</Field.Label>
        <Group attached w="full" role="group" aria-labelledby="recurring-type-label">
          <Button
            type="button"
            flex="1"
            colorPalette="red"
            variant={type === 'expense' ? 'solid' : 'outline'}
            aria-pressed={type === 'expense'}
            onClick={() => switchType('expense')}
          >
            Expense
          </Button>
          <Button
            type="button"
            flex="1"
            colorPalette="green"
            variant={type === 'income' ? 'solid' : 'outline'}
            aria-pressed={type === 'income'}
            onClick={() => switchType('income')}
          >
            Income
          </Button>
        </Group>
        {errors.type ? <Field.ErrorText>{errors.type.message}</Field.ErrorText> : null}
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="Amount"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          error={errors.amount?.message}
          helperText="Between £0.01 and £999,999.99"
          {...register('amount')}
        />
        <SelectField label="Frequency" error={errors.frequency?.message} {...register('frequency')}>
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <FormField
        label="Description"
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          label="Category"
          placeholder="Select a category"
          error={errors.categoryId?.message}
          {...register('categoryId')}
        >
          {categoryOptions.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Account"
          placeholder="Select an account"
          error={errors.accountId?.message}
          helperText={noAccounts ? 'No accounts available. Please add an account first.' : undefined}
          {...register('accountId')}
        >
          <AccountOptions accounts={accounts.data?.accounts ?? []} />
        </SelectField>
      </SimpleGrid>
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
