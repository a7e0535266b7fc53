import { SimpleGrid } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { AccountOptions } from '@/components/account-options'
import { ErrorAlert } from '@/components/error-alert'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { TextareaField } from '@/components/textarea-field'
import { getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import {
  CREATE_RECURRING_TRANSFER_FALLBACK_ERROR,
  useCreateRecurringTransfer,
} from '../api/create-recurring-transfer'
import type { RecurringTemplate } from '../api/types'
import {
  UPDATE_RECURRING_TRANSFER_FALLBACK_ERROR,
  useUpdateRecurringTransfer,
} from '../api/update-recurring-transfer'
import { FREQUENCIES, FREQUENCY_LABELS } from '../lib/frequency'
import {
  emptyRecurringTransferForm,
  makeRecurringTransferSchema,
  type RecurringTransferFormInput,
  type RecurringTransferFormValues,
  recurringTransferToForm,
  toCreateRecurringTransferRequest,
  toUpdateRecurringTransferRequest,
} from '../schemas/recurring-transfer'
import { DueFields } from './form-parts'
import { FORM_DATA_ERROR, LoadingForm } from './loading-form'

type RecurringTransferDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when a transfer template is given. */
  template?: RecurringTemplate | null
  today?: () => string
}

/** Add or edit a recurring transfer between two of the user's accounts. */
export function RecurringTransferDialog(props: RecurringTransferDialogProps) {
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

function FormLoader(props: FormProps) {
  const accounts = useAccounts()
  const [ready, setReady] = useState(false)
  if (!ready && !accounts.isPending) setReady(true)
  if (!ready) return <LoadingForm title={props.template ? 'Edit Recurring Transfer' : 'Add Recurring Transfer'} />
  return <RecurringTransferForm {...props} />
}

function RecurringTransferForm(props: FormProps) {
  const { today, onDone } = props
  const [template] = useState(props.template)
  const mode = template ? 'edit' : 'create'
  const schema = useMemo(() => makeRecurringTransferSchema(mode, today), [mode, today])
  const [todayValue] = useState(today)
  const accounts = useAccounts()
  const createMutation = useCreateRecurringTransfer()
  const updateMutation = useUpdateRecurringTransfer()
  const mutation = template ? updateMutation : createMutation

  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<RecurringTransferFormInput, unknown, RecurringTransferFormValues>({
    resolver: zodResolver(schema),
    defaultValues: template ? recurringTransferToForm(template) : emptyRecurringTransferForm(todayValue),
  })
  const from = useWatch({ control, name: 'fromAccountId' })
  const list = accounts.data?.accounts ?? []
  // The destination list leaves out the chosen source account.
  const toChoices = list.filter((a) => a._id !== from)

  useEffect(() => {
    if (from && getValues('toAccountId') === from) setValue('toAccountId', '')
  }, [from, getValues, setValue])

  const onSubmit = handleSubmit((values) => {
    if (template) {
      updateMutation.mutate(
        { id: template._id, body: toUpdateRecurringTransferRequest(values) },
        { onSuccess: (res) => onDone(res.message || 'Recurring transfer updated successfully') },
      )
    } else {
      createMutation.mutate(toCreateRecurringTransferRequest(values), {
        onSuccess: (res) => onDone(res.message || 'Recurring transfer created successfully'),
      })
    }
  })

  const title = template ? 'Edit Recurring Transfer' : 'Add Recurring Transfer'
  const serverError = mutation.isError
    ? getErrorMessage(
        mutation.error,
        template ? UPDATE_RECURRING_TRANSFER_FALLBACK_ERROR : CREATE_RECURRING_TRANSFER_FALLBACK_ERROR,
      )
    : null
  const fewAccounts = accounts.isSuccess && list.length < 2

  return (
    <FormDialogForm
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      loadError={accounts.isError ? FORM_DATA_ERROR : null}
      error={serverError}
      onDismissError={() => mutation.reset()}
      submitLabel={template ? 'Update Template' : 'Create Template'}
      pendingLabel={template ? 'Updating...' : 'Creating...'}
      pending={mutation.isPending}
    >
      <ErrorAlert
        status="info"
        message={fewAccounts ? 'You need at least two accounts to make a transfer.' : null}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          label="From Account"
          placeholder="Select an account"
          error={errors.fromAccountId?.message}
          {...register('fromAccountId')}
        >
          <AccountOptions accounts={list} />
        </SelectField>
        <SelectField
          label="To Account"
          placeholder="Select an account"
          error={errors.toAccountId?.message}
          {...register('toAccountId')}
        >
          <AccountOptions accounts={toChoices} />
        </SelectField>
      </SimpleGrid>
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
