import { useMemo, useState } from 'react'
import { Button } from '@chakra-ui/react'
import { Split } from 'lucide-react'
import { Controller, useWatch } from 'react-hook-form'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { CREATE_TAG_FALLBACK_ERROR } from '@/lib/tags/create-tag'
import { type SavedTags, useSaveTags, useUndoTags } from '../api/save-tags'
import { TagField } from './tag-field'
import { AmountDateFields } from '@/components/amount-date-fields'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { CategoryAccountFields, EntryTypeToggle } from '@/components/ledger-entry-fields'
import { TextareaField } from '@/components/textarea-field'
import { notifySuccess } from '@/components/notify'
import { useIdempotencyKey } from '@/lib/api/idempotency'
import type { Transaction } from '@/lib/api/types'
import { londonToday } from '@/lib/calendar-day'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { useCategories } from '@/lib/ledger/get-categories'
import { CREATE_TRANSACTION_FALLBACK_ERROR, useCreateTransaction } from '../api/create-transaction'
import { UPDATE_TRANSACTION_FALLBACK_ERROR, useUpdateTransaction } from '../api/update-transaction'
import { categoriesForType } from '@/lib/ledger/category-kind'
import { LoadingForm } from '@/components/loading-form'
import { useLoadedOnce } from '@/components/use-loaded-once'
import { saveFeedback } from '@/lib/forms'
import { parseAmountText, penceToDecimalText } from '@/lib/money'
import { useEntryForm } from '@/lib/ledger/use-entry-form'
import {
  emptyTransactionForm,
  makeTransactionSchema,
  toTransactionRequest,
  transactionToForm,
} from '../schemas/transaction'
import { splitRefusal } from '../lib/splits'
import { SplitFields } from './split-fields'

export const FORM_DATA_ERROR = 'Failed to load form data'

type TransactionDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when a transaction is given. */
  transaction?: Transaction | null
  /** After the server accepted the form; the dialog closes itself. */
  onSaved?: (saved: Transaction, mode: 'create' | 'update') => void
  /** Injected in tests; London's date otherwise. */
  today?: () => string
}

/** Add or edit a transaction (not a transfer leg: transfers cannot be edited). */
export function TransactionDialog(props: TransactionDialogProps) {
  const { open, onClose, transaction, onSaved, today = londonToday } = props
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      {/* Mounted afresh on every opening, so the form starts from the transaction. */}
      <TransactionFormLoader
        transaction={transaction ?? null}
        today={today}
        onDone={(saved, mode) => {
          notifySuccess(mode === 'create' ? 'Transaction added successfully' : 'Transaction updated successfully')
          onSaved?.(saved, mode)
          onClose()
        }}
      />
    </FormDialog>
  )
}

type TransactionFormProps = {
  transaction: Transaction | null
  today: () => string
  onDone: (saved: Transaction, mode: 'create' | 'update') => void
}

/**
 * The selects only show a stored choice if their options exist when they
 * mount, so the form waits for the accounts and categories.
 */
function TransactionFormLoader(props: TransactionFormProps) {
  const accounts = useAccounts()
  const categories = useCategories()
  const ready = useLoadedOnce(accounts, categories)
  if (!ready) {
    return <LoadingForm title={props.transaction ? 'Edit Transaction' : 'Add Transaction'} />
  }
  return <TransactionForm {...props} />
}

function TransactionForm(props: TransactionFormProps) {
  const { today, onDone } = props
  // Kept from the opening, so the dialog does not change mode while it closes.
  const [transaction] = useState(props.transaction)
  const editing = transaction !== null
  const schema = useMemo(() => makeTransactionSchema(today), [today])
  const [todayValue] = useState(today)
  const createMutation = useCreateTransaction()
  const attempt = useIdempotencyKey()
  const updateMutation = useUpdateTransaction()
  const mutation = editing ? updateMutation : createMutation
  const entry = useEntryForm(
    schema,
    transaction ? transactionToForm(transaction) : emptyTransactionForm(todayValue),
    categoriesForType,
  )
  const { register, handleSubmit, control, setError, setValue, getValues, clearErrors, formState: { errors } } =
    entry.form
  const saveTags = useSaveTags()
  const undoTags = useUndoTags()
  const wasSplit = transaction !== null && transaction.splits.length > 0
  const splitting = useWatch({ control, name: 'splits' }).length > 0

  // Two parts to start with: the first takes the category and the whole amount chosen so far.
  const startSplit = () => {
    const amount = parseAmountText(getValues('amount'))
    const whole = amount.ok && amount.pence > 0 ? penceToDecimalText(amount.pence) : ''
    setValue('splits', [
      { categoryId: getValues('categoryId'), amount: whole, note: '' },
      { categoryId: '', amount: '', note: '' },
    ])
    clearErrors('categoryId')
  }

  // Back to one category: the first part's.
  const removeSplit = () => {
    const first = getValues('splits')[0]?.categoryId ?? ''
    setValue('splits', [])
    setValue('categoryId', first)
    clearErrors('splits')
  }

  // The server's refusal of the parts shows under them, in place of the form's alert. A refused
  // transaction leaves no tag that was made for it.
  const onRefused = (made: readonly string[]) => (error: unknown) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) void undoTags(made)
    const message = splitRefusal(error)
    if (message === undefined) return
    setError('splits', { type: 'server', message })
    mutation.reset()
  }

  const onSubmit = handleSubmit(async (values) => {
    // New names become tags first; a refusal stops here, with nothing of the transaction sent.
    let tags: SavedTags
    try {
      tags = await saveTags(values.tags)
    } catch (error) {
      setError('tags', { message: getErrorMessage(error, CREATE_TAG_FALLBACK_ERROR) })
      return
    }
    const body = toTransactionRequest(values, tags.ids, wasSplit)
    const onError = onRefused(tags.made)
    if (transaction) {
      updateMutation.mutate(
        { id: transaction._id, body },
        { onSuccess: (saved) => onDone(saved, 'update'), onError },
      )
    } else {
      createMutation.mutate(
        { body, idempotencyKey: attempt.key },
        {
          onSuccess: (saved) => onDone(saved, 'create'),
          onError,
          onSettled: (_saved, error) => attempt.settle(error ?? undefined),
        },
      )
    }
  })

  return (
    <FormDialogForm
      writes
      title={editing ? 'Edit Transaction' : 'Add Transaction'}
      onSubmit={onSubmit}
      loadError={entry.choicesFailed ? FORM_DATA_ERROR : null}
      {...saveFeedback(mutation, editing ? UPDATE_TRANSACTION_FALLBACK_ERROR : CREATE_TRANSACTION_FALLBACK_ERROR)}
      submitLabel={editing ? 'Update Transaction' : 'Add Transaction'}
      pendingLabel={editing ? 'Updating...' : 'Adding...'}
    >
      <EntryTypeToggle labelId="transaction-type-label" {...entry.typeToggle} />
      <AmountDateFields
        control={control}
        amount={register('amount')}
        amountError={errors.amount?.message}
        dateName="date"
        dateError={errors.date?.message}
        maxDate={todayValue}
      />
      <FormField label="Description" autoComplete="off" {...entry.description} />
      <CategoryAccountFields {...entry.categoryAccount} withoutCategory={splitting} />
      {splitting ? (
        <SplitFields form={entry.form} onRemoveSplit={removeSplit} />
      ) : (
        <Button type="button" variant="outline" size="sm" alignSelf="start" onClick={startSplit}>
          <Split /> Split across categories
        </Button>
      )}
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagField value={field.value ?? []} onChange={field.onChange} error={errors.tags?.message} />
        )}
      />
      <TextareaField label="Notes" placeholder="Optional" {...entry.notes} />
    </FormDialogForm>
  )
}
