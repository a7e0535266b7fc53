import { useEffect, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { AmountDateFields } from '@/components/amount-date-fields'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { FewAccountsNotice, TransferAccountFields } from '@/components/ledger-entry-fields'
import { TextareaField } from '@/components/textarea-field'
import { notifySuccess } from '@/components/notify'
import { useIdempotencyKey } from '@/lib/api/idempotency'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import type { Transaction, Transfer } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { CREATE_TRANSFER_FALLBACK_ERROR, useCreateTransfer } from '../api/create-transfer'
import { UPDATE_TRANSFER_FALLBACK_ERROR, useUpdateTransfer } from '../api/update-transfer'
import { emptyTransferForm, makeTransferSchema, toTransferRequest, transferToForm } from '../schemas/transfer'
import { LoadingForm } from '@/components/loading-form'
import { useLoadedOnce } from '@/components/use-loaded-once'
import { FORM_DATA_ERROR } from './transaction-dialog'

type TransferDialogProps = {
  open: boolean
  onClose: () => void
  /** Preselects the source account. */
  fromAccountId?: string
  /** Edit mode: either leg of the transfer to change. */
  transfer?: Transaction | null
  onSaved?: (transfer: Transfer) => void
  today?: () => string
}

/**
 * Transfer Between Accounts: moves money from one of the user's accounts to another — or, given
 * one of a transfer's legs, changes the whole transfer (Edit Transfer).
 */
export function TransferDialog(props: TransferDialogProps) {
  const { open, onClose, fromAccountId, transfer = null, onSaved, today = londonToday } = props
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      <TransferFormLoader
        fromAccountId={fromAccountId ?? ''}
        transfer={transfer}
        today={today}
        onDone={(saved) => {
          notifySuccess(transfer ? 'Transfer updated successfully' : 'Transfer created successfully')
          onSaved?.(saved)
          onClose()
        }}
      />
    </FormDialog>
  )
}

type TransferFormProps = {
  fromAccountId: string
  transfer: Transaction | null
  today: () => string
  onDone: (transfer: Transfer) => void
}

/** The account selects need their options before they mount (see TransactionFormLoader). */
function TransferFormLoader(props: TransferFormProps) {
  const accounts = useAccounts()
  const ready = useLoadedOnce(accounts)
  if (!ready) return <LoadingForm title={props.transfer ? 'Edit Transfer' : 'Transfer Between Accounts'} />
  return <TransferForm {...props} />
}

function TransferForm({ fromAccountId, transfer, today, onDone }: TransferFormProps) {
  const schema = useMemo(() => makeTransferSchema(today), [today])
  const [todayValue] = useState(today)
  const [editing] = useState(transfer)
  const accounts = useAccounts()
  const create = useCreateTransfer()
  const update = useUpdateTransfer()
  const mutation = editing ? update : create
  const attempt = useIdempotencyKey()
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useSchemaForm(schema, editing ? transferToForm(editing) : emptyTransferForm(todayValue, fromAccountId))
  const from = useWatch({ control, name: 'fromAccountId' })
  const list = accounts.data?.accounts ?? []

  useEffect(() => {
    if (from && getValues('toAccountId') === from) setValue('toAccountId', '')
  }, [from, getValues, setValue])

  const onSubmit = handleSubmit((values) => {
    const body = toTransferRequest(values)
    if (editing) {
      update.mutate({ id: editing._id, body }, { onSuccess: onDone })
      return
    }
    create.mutate(
      { body, idempotencyKey: attempt.key },
      { onSuccess: onDone, onSettled: (_data, error) => attempt.settle(error ?? undefined) },
    )
  })

  const fewAccounts = accounts.isSuccess && list.length < 2

  return (
    <FormDialogForm
      writes
      title={editing ? 'Edit Transfer' : 'Transfer Between Accounts'}
      onSubmit={onSubmit}
      loadError={accounts.isError ? FORM_DATA_ERROR : null}
      {...saveFeedback(mutation, editing ? UPDATE_TRANSFER_FALLBACK_ERROR : CREATE_TRANSFER_FALLBACK_ERROR)}
      submitLabel={editing ? 'Update Transfer' : 'Create Transfer'}
      pendingLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <FewAccountsNotice show={fewAccounts} />
      <AmountDateFields
        control={control}
        amount={register('amount')}
        amountError={errors.amount?.message}
        dateName="date"
        dateError={errors.date?.message}
        maxDate={todayValue}
      />
      <FormField
        label="Description"
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      <TransferAccountFields
        accounts={list}
        fromValue={from}
        from={register('fromAccountId')}
        to={register('toAccountId')}
        fromError={errors.fromAccountId?.message}
        toError={errors.toAccountId?.message}
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
