import { useEffect, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { FewAccountsNotice, TransferAccountFields } from '@/components/ledger-entry-fields'
import { notifyAndClose } from '@/components/notify-and-close'
import { TextareaField } from '@/components/textarea-field'
import { useLoadedOnce } from '@/components/use-loaded-once'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import {
  CREATE_RECURRING_TRANSFER_FALLBACK_ERROR,
  useCreateRecurringTransfer,
} from '../api/create-recurring-transfer'
import type { RecurringTemplate } from '../api/types'
import {
  UPDATE_RECURRING_TRANSFER_FALLBACK_ERROR,
  useUpdateRecurringTransfer,
} from '../api/update-recurring-transfer'
import {
  emptyRecurringTransferForm,
  makeRecurringTransferSchema,
  recurringTransferToForm,
  toCreateRecurringTransferRequest,
  toUpdateRecurringTransferRequest,
} from '../schemas/recurring-transfer'
import { AmountFrequencyFields, DueFields } from './form-parts'
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

function FormLoader(props: FormProps) {
  const accounts = useAccounts()
  const ready = useLoadedOnce(accounts)
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
  } = useSchemaForm(schema, template ? recurringTransferToForm(template) : emptyRecurringTransferForm(todayValue))
  const from = useWatch({ control, name: 'fromAccountId' })
  const list = accounts.data?.accounts ?? []

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
  const fewAccounts = accounts.isSuccess && list.length < 2

  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      loadError={accounts.isError ? FORM_DATA_ERROR : null}
      {...saveFeedback(
        mutation,
        template ? UPDATE_RECURRING_TRANSFER_FALLBACK_ERROR : CREATE_RECURRING_TRANSFER_FALLBACK_ERROR,
      )}
      submitLabel={template ? 'Update Template' : 'Create Template'}
      pendingLabel={template ? 'Updating...' : 'Creating...'}
    >
      <FewAccountsNotice show={fewAccounts} />
      <TransferAccountFields
        accounts={list}
        fromValue={from}
        from={register('fromAccountId')}
        to={register('toAccountId')}
        fromError={errors.fromAccountId?.message}
        toError={errors.toAccountId?.message}
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
